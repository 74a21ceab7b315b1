import { Form, Modal, type FormInstance } from 'antd'
import type { ReactNode } from 'react'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import { useFormSubmit } from './useFormSubmit'

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
  successText,
  width = 640,
  labelSpan = 5,
  form: external,
  onValuesChange,
  children,
}: Props<V>) {
  const { form, saving, submit } = useFormSubmit<V>({ form: external, onSubmit, onDone, onClose, successText })

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
