import { Checkbox, DatePicker, Form, Input, InputNumber, Radio, Space } from 'antd'
import type { Field } from '@/api/generated/fillform'
import { PERM } from '@/api/permissions'
import RecordAttachments from '@/components/flow/RecordAttachments'
import { rulesOf } from './answers'

interface Props {
  fields: readonly Field[]
  /** The entry's attachment API, for the attachment fields (none: a preview, nothing uploads). */
  filesApi?: string
  /** Shown only: a submitted entry, a closed form, the administrators' view. */
  readOnly?: boolean
}

/** One field's control. */
function control(f: Field, readOnly: boolean) {
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea rows={4} maxLength={f.maxLength || undefined} showCount={!!f.maxLength} disabled={readOnly} />
    case 'number':
      // No min/max on the control: it would clamp silently; the rules say what is out of range, as the server does.
      return <InputNumber stringMode style={{ width: 220 }} disabled={readOnly} />
    case 'date':
      return <DatePicker disabled={readOnly} />
    case 'single':
      return (
        <Radio.Group disabled={readOnly}>
          <Space wrap>
            {(f.options ?? []).map((o) => (
              <Radio key={o} value={o}>
                {o}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )
    case 'multiple':
      return <Checkbox.Group options={(f.options ?? []).map((o) => ({ label: o, value: o }))} disabled={readOnly} />
    default:
      return <Input maxLength={f.maxLength || undefined} disabled={readOnly} />
  }
}

/**
 * The fields of a form inside the caller's antd Form, each named by its key (the server's errors name the same
 * keys), with the checks of a submission; an attachment field lists its files and, while writable, uploads them.
 */
export default function AnswerFields({ fields, filesApi, readOnly = false }: Props) {
  return (
    <>
      {fields.map((f) =>
        f.kind === 'file' ? (
          <Form.Item key={f.key} name={f.key} label={f.label} required={f.required} extra={f.help || undefined}>
            {filesApi ? (
              <RecordAttachments api={filesApi} kind={f.key} editPerm={PERM.txbdFill} readOnly={readOnly} emptyText={readOnly ? '未上传' : '请上传附件'} />
            ) : (
              <span>（填报时上传附件）</span>
            )}
          </Form.Item>
        ) : (
          <Form.Item key={f.key} name={f.key} label={f.label} rules={readOnly ? undefined : rulesOf(f)} extra={f.help || undefined}>
            {control(f, readOnly)}
          </Form.Item>
        ),
      )}
    </>
  )
}
