import { Alert, Button, Form, Input, Radio, Select, Space, type FormInstance } from 'antd'
import axios from 'axios'
import { useState, type ReactNode } from 'react'
import type { Perm } from '@/api/permissions'
import { ui } from '@/app/bridge'
import FormErrorAlert from '../FormErrorAlert'
import { useFormError, withFieldErrors } from '../useFormSubmit'
import { actOnFlow } from './api'
import AttachmentList from './AttachmentList'
import type { Attachment, FlowResult, FlowView } from './types'

const RESULT_LABELS: Record<FlowResult, string> = { approve: '通过', reject: '不通过', return: '退回' }

/** The comment a result needs: an approval may go without one, a refusal or a return says why. */
const REASON_NEEDED: Record<FlowResult, string | null> = { approve: null, reject: '请填写不通过的理由', return: '请填写退回的理由' }

export interface ActionPanelProps {
  /** The module's records (flow.Workflow.Routes' base), e.g. /api/sample. */
  base: string
  id: number
  /** The record's flow as getFlow answered it. */
  view: FlowView
  /** After the action: the record's flow as it now is. */
  onDone: (view: FlowView) => void
  /** Someone dealt with the step meanwhile (409): the page reloads the flow. */
  onStale?: () => void
  /** Who may attach files (the module's permission of acting); without it no files are offered. */
  uploadPerm?: Perm
  /** Stored with each upload (文件管理 tells where a file belongs). */
  moduleName?: string
  /** The step's own fields (a date, the votes), rendered above the comment. */
  children?: ReactNode
  /**
   * Collects (and validates) the step's own fields, sent as `form`; a rejection stops the action. It gets the
   * chosen result: a refusal or a return need not fill what only an approval records (the votes, the sponsors).
   */
  collectForm?: (result: FlowResult) => Promise<unknown>
  /**
   * The forms holding the step's own fields (children): a server error naming one of their fields (a rule's
   * FLOW_RULE answer: `date`, `present`, …) is shown on it and scrolled to.
   */
  fieldForms?: FormInstance[]
}

interface Values {
  result: FlowResult
  toStep?: string
  comment?: string
  /** The files attached (named as the server names them in its errors). */
  fileIds?: Attachment[]
}

/**
 * The actions of a workflow record's current step for who may act at it: 通过 / 不通过 / 退回 (to an earlier
 * step of its chain, the previous one first), a comment (required for 不通过 and 退回) and files. It sends the
 * version the view showed, so an action on a step someone else dealt with meanwhile is refused (409) and the
 * page reloads. Who may not act sees who acts at the step; once the flow ended it renders nothing.
 *
 *   <ActionPanel base="/api/fzdy" id={rec.id} view={flow} onDone={setFlow} onStale={refetch} uploadPerm={PERM.fzdyEdit} />
 */
export default function ActionPanel({ base, id, view, onDone, onStale, uploadPerm, moduleName, children, collectForm, fieldForms = [] }: ActionPanelProps) {
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const result = Form.useWatch('result', form)
  const files = Form.useWatch('fileIds', form) ?? []
  const formError = useFormError()

  if (!view.started || !view.step) return null
  const stepTitle = view.steps.find((s) => s.key === view.step)?.title ?? view.step
  if (!view.mayAct) {
    return <Alert type="info" showIcon title={`待${view.actingOrgName}（${view.actingRole}）办理「${stepTitle}」`} />
  }

  const submit = async (values: Values) => {
    setBusy(true)
    formError.show(null)
    try {
      const extra = collectForm ? await collectForm(values.result) : undefined
      const next = await withFieldErrors(
        [form, ...fieldForms],
        () =>
          actOnFlow(base, id, {
            version: view.version,
            result: values.result,
            toStep: values.result === 'return' ? values.toStep : undefined,
            comment: values.comment?.trim() ?? '',
            fileIds: (values.fileIds ?? []).map((f) => f.id),
            form: extra,
          }),
        formError.show,
      )
      ui.message.success('办理成功')
      form.resetFields()
      onDone(next)
    } catch (error) {
      // Shown on its field or beside 提交; a 409 means the view is stale.
      if (axios.isAxiosError(error) && error.response?.status === 409) onStale?.()
    } finally {
      setBusy(false)
    }
  }

  const lastEarlier = view.returnTo[view.returnTo.length - 1]?.key
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="flow-action-panel"
      initialValues={{ result: view.results[0], toStep: lastEarlier, fileIds: [] }}
      onFinish={(v) => void submit(v)}
    >
      <Form.Item label={`办理「${stepTitle}」`} name="result" rules={[{ required: true, message: '请选择办理结果' }]}>
        <Radio.Group>
          {view.results.map((r) => (
            <Radio key={r} value={r}>
              {RESULT_LABELS[r]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {result === 'return' && (
        <Form.Item label="退回至" name="toStep" rules={[{ required: true, message: '请选择退回的环节' }]}>
          <Select
            style={{ maxWidth: 320 }}
            options={view.returnTo.map((s) => ({ value: s.key, label: s.description ? `${s.title}（${s.description}）` : s.title }))}
          />
        </Form.Item>
      )}
      {children}
      <Form.Item
        label="办理意见"
        name="comment"
        dependencies={['result']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v?: string) => {
              const need = REASON_NEEDED[getFieldValue('result') as FlowResult]
              return need && !v?.trim() ? Promise.reject(new Error(need)) : Promise.resolve()
            },
          }),
        ]}
      >
        <Input.TextArea rows={3} maxLength={1000} showCount placeholder="请输入办理意见" />
      </Form.Item>
      {uploadPerm && (
        <Form.Item label="附件" name="fileIds">
          {/* Form.Item hands the list its value and onChange; these keep the types whole. */}
          <AttachmentList value={files} onChange={(next) => form.setFieldValue('fileIds', next)} uploadPerm={uploadPerm} removePerm={uploadPerm} moduleName={moduleName} tag={view.step} />
        </Form.Item>
      )}
      <FormErrorAlert error={formError.error} innerRef={formError.ref} />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={busy}>
          提交
        </Button>
      </Space>
    </Form>
  )
}
