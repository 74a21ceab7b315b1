import { Form, Modal } from 'antd'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import FormErrorAlert from './FormErrorAlert'
import type { FormShellProps } from './formShell'
import { useFormSubmit } from './useFormSubmit'

interface Props<V> extends FormShellProps<V> {
  labelSpan?: number
}

/**
 * Create/edit dialog of the system pages: a modal form that validates, submits, reports success
 * and closes. The parent mounts it only while open, so every opening starts from fresh values.
 */
export default function FormDialog<V extends object>({
  title,
  initialValues,
  width = 640,
  labelSpan = 5,
  onValuesChange,
  children,
  ...submitting
}: Props<V>) {
  const { form, saving, submit, formError } = useFormSubmit<V>(submitting)
  const { onClose } = submitting

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
        <FormErrorAlert error={formError.error} innerRef={formError.ref} />
      </Form>
    </Modal>
  )
}
