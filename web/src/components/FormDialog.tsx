import { Form, Modal } from 'antd'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import FormErrorAlert from './FormErrorAlert'
import type { FormShellProps } from './formShell'
import { useFormSubmit } from './useFormSubmit'

interface Props<V> extends FormShellProps<V> {
  labelSpan?: number
  /** Labels above their fields (a reason's text box) instead of beside them. */
  vertical?: boolean
  /** The confirm button's label (default 确定), red for an action that undoes something (冲正, 退还). */
  okText?: string
  danger?: boolean
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
  vertical = false,
  okText = '确定',
  danger = false,
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
      okText={okText}
      okButtonProps={danger ? { danger } : undefined}
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      <Form<V>
        form={form}
        layout={vertical ? 'vertical' : undefined}
        labelCol={vertical ? undefined : { span: labelSpan }}
        wrapperCol={vertical ? undefined : { span: 24 - labelSpan - 1 }}
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
