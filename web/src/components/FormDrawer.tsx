import { Button, Drawer, Form, Space } from 'antd'
import FormErrorAlert from './FormErrorAlert'
import type { FormShellProps } from './formShell'
import { useFormSubmit } from './useFormSubmit'

/**
 * Create/edit drawer of the CRUD kit for forms too long for a dialog: vertical form, validates,
 * submits, reports success and closes. Mounted only while open, so each opening starts fresh.
 */
export default function FormDrawer<V extends object>({
  title,
  initialValues,
  width = 760,
  onValuesChange,
  children,
  ...submitting
}: FormShellProps<V>) {
  const { form, saving, submit, formError } = useFormSubmit<V>(submitting)
  const { onClose } = submitting

  return (
    <Drawer
      open
      title={title}
      size={width}
      mask={{ closable: false }}
      keyboard={false}
      onClose={onClose}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={submit}>
            确定
          </Button>
        </Space>
      }
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onValuesChange={onValuesChange} autoComplete="off">
        {children}
        <FormErrorAlert error={formError.error} innerRef={formError.ref} />
      </Form>
    </Drawer>
  )
}
