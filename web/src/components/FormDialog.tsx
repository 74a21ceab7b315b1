import { Form, Modal, type FormInstance } from 'antd'
import { useState, type ReactNode } from 'react'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'

interface Props<V> {
  title: string
  /** Values the form starts with (the record being edited). */
  initialValues?: Partial<V>
  /** Sends the values; a rejection keeps the dialog open (the request pipeline shows the error). */
  onSubmit: (values: V) => Promise<unknown>
  onClose: () => void
  /** Called after a successful submit, before the dialog closes (reload the list). */
  onDone?: () => void
  successText?: string
  width?: number
  labelSpan?: number
  form?: FormInstance<V>
  /** Called on every field change, e.g. to show fields by type. */
  onValuesChange?: (changed: Partial<V>, all: V) => void
  children: ReactNode
}

/**
 * Create/edit dialog of the system pages: a modal form that validates, submits, reports success
 * and closes. The parent mounts it only while open, so every opening starts from fresh values.
 */
export default function FormDialog<V extends object>({
  title,
  initialValues,
  onSubmit,
  onClose,
  onDone,
  successText = '保存成功',
  width = 640,
  labelSpan = 5,
  form: external,
  onValuesChange,
  children,
}: Props<V>) {
  const [own] = Form.useForm<V>()
  const form = external ?? own
  const [saving, setSaving] = useState(false)

  const submit = async () => {
    let values: V
    try {
      values = await form.validateFields()
    } catch {
      return // the fields show what is wrong
    }
    setSaving(true)
    try {
      await onSubmit(values)
      ui.message.success(successText)
      onDone?.()
      onClose()
    } catch {
      // shown by the request pipeline; keep what the user typed
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      {...DIALOG_DEFAULTS}
      open
      title={title}
      width={width}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      <Form<V>
        form={form}
        labelCol={{ span: labelSpan }}
        wrapperCol={{ span: 24 - labelSpan - 1 }}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        autoComplete="off"
        style={{ marginTop: 16 }}
      >
        {children}
      </Form>
    </Modal>
  )
}
