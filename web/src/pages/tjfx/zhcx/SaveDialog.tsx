import { Checkbox, Form, Input, Modal } from 'antd'
import { useEffect } from 'react'

export interface SaveValues {
  name: string
  shared: boolean
}

interface Props {
  open: boolean
  title: string
  initial: SaveValues
  onSave: (v: SaveValues) => Promise<unknown>
  onClose: () => void
}

/** The name of a query to save, and whether others who query see it (they run it in their own scope). */
export default function SaveDialog({ open, title, initial, onSave, onClose }: Props) {
  const [form] = Form.useForm<SaveValues>()
  useEffect(() => {
    if (open) form.setFieldsValue(initial)
  }, [open, initial, form])
  const submit = async () => {
    const v = await form.validateFields()
    await onSave({ ...v, name: v.name.trim() })
    onClose()
  }
  return (
    <Modal open={open} title={title} okText="保存" cancelText="取消" onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="name" label="查询名称" rules={[{ required: true, whitespace: true, message: '请填写查询名称' }, { max: 50, message: '查询名称不能超过 50 个字' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="shared" valuePropName="checked" extra="共享后，其他有综合查询权限的人员可以看到并使用该查询，结果仍限于各自的管理范围">
          <Checkbox>共享给其他查询人员</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  )
}
