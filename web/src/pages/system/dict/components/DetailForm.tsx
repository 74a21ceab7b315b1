import { Form, Input, InputNumber, Switch } from 'antd'
import FormDialog from '@/components/FormDialog'
import { createDetail, updateDetail } from '../service'
import type { Dict, DictDetail, DictDetailBody } from '../types'

interface Props {
  dict: Dict
  detail: DictDetail | null
  onClose: () => void
  onDone: () => void
}

export default function DetailForm({ dict, detail, onClose, onDone }: Props) {
  const submit = (v: DictDetailBody) => {
    const body: DictDetailBody = { dictId: dict.id, label: v.label.trim(), value: v.value.trim(), sort: v.sort ?? 999, enabled: v.enabled }
    return detail ? updateDetail({ ...body, id: detail.id }) : createDetail(body)
  }
  return (
    <FormDialog<DictDetailBody>
      title={`${detail ? '编辑' : '新增'}字典值：${dict.name}`}
      initialValues={detail ?? { sort: 999, enabled: true }}
      onSubmit={submit}
      onClose={onClose}
      onDone={onDone}
      width={560}
    >
      <Form.Item
        label="字典标签"
        name="label"
        rules={[
          { required: true, whitespace: true, message: '请输入字典标签' },
          { max: 200, message: '字典标签不能超过200个字' },
        ]}
      >
        <Input placeholder="显示的文字，如 男" maxLength={200} />
      </Form.Item>
      <Form.Item
        label="字典值"
        name="value"
        rules={[
          { required: true, whitespace: true, message: '请输入字典值' },
          { max: 100, message: '字典值不能超过100个字符' },
        ]}
      >
        <Input placeholder="保存的值，如 1" maxLength={100} />
      </Form.Item>
      <Form.Item label="排序" name="sort">
        <InputNumber min={0} max={99999} precision={0} />
      </Form.Item>
      <Form.Item label="状态" name="enabled" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="停用" />
      </Form.Item>
    </FormDialog>
  )
}
