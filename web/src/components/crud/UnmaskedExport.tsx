import { Alert, Checkbox, Form, Input, Modal } from 'antd'
import { useRef, useState } from 'react'
import type { Perm } from '@/api/permissions'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'

/** The server's bounds of the reason (httpx.UnmaskedExport). */
export const MIN_REASON = 5
export const MAX_REASON = 200

/** Asks why ID numbers and phones are exported in clear; resolves the reason, or null when cancelled. */
function ReasonDialog({ onDone }: { onDone: (reason: string | null) => void }) {
  const [form] = Form.useForm<{ reason: string }>()
  const submit = async () => {
    try {
      const { reason } = await form.validateFields()
      onDone(reason.trim())
    } catch {
      /* the form shows what is missing */
    }
  }
  return (
    <Modal {...DIALOG_DEFAULTS} open title="导出完整身份证号和手机号" okText="确认导出" cancelText="取消" onOk={submit} onCancel={() => onDone(null)}>
      <Alert type="warning" showIcon title="导出的文件含完整的身份证号码和手机号码，本次导出及事由将记入操作日志。" style={{ margin: '12px 0' }} />
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="reason"
          label="导出事由"
          rules={[
            { required: true, whitespace: true, message: '请填写导出事由' },
            {
              validator: (_, v: string | undefined) => {
                const n = [...(v ?? '').trim()].length
                return n === 0 || n >= MIN_REASON ? Promise.resolve() : Promise.reject(new Error(`导出事由至少${MIN_REASON}个字`))
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={MAX_REASON} showCount placeholder="例如：年度党员统计报送组织部核对" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/**
 * The option of exporting ID numbers and phones in clear, for holders of `permission`: a check box
 * for the toolbar, and `ask`, which (while it is checked) asks for the reason before the export and
 * yields the parameters `unmask=true&reason=…` (null: cancelled).
 */
export function useUnmaskedExport(permission: Perm | undefined) {
  const allowed = useHasPermission(permission ? [permission] : []) && !!permission
  const [clear, setClear] = useState(false)
  const [asking, setAsking] = useState(false)
  const answer = useRef<(reason: string | null) => void>(() => {})
  const ask = () =>
    new Promise<Record<string, unknown> | null>((resolve) => {
      answer.current = (reason) => resolve(reason === null ? null : { unmask: true, reason })
      setAsking(true)
    })
  const control = allowed ? (
    <>
      <Checkbox checked={clear} onChange={(e) => setClear(e.target.checked)}>
        导出完整身份证号和手机号
      </Checkbox>
      {asking && (
        <ReasonDialog
          onDone={(reason) => {
            setAsking(false)
            answer.current(reason)
          }}
        />
      )}
    </>
  ) : null
  return { control, ask: allowed && clear ? ask : undefined }
}
