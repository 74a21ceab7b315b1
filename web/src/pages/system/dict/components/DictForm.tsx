import { Form, Input } from 'antd'
import FormDialog from '@/components/FormDialog'
import { createDict, updateDict } from '../service'
import type { Dict, DictBody } from '../types'

export const DICT_NAME = /^[A-Za-z][A-Za-z0-9_]{1,99}$/

export default function DictForm({ dict, onClose, onDone }: { dict: Dict | null; onClose: () => void; onDone: () => void }) {
  const submit = (v: DictBody) => {
    const body = { name: v.name.trim(), description: v.description?.trim() ?? '' }
    return dict ? updateDict({ ...body, id: dict.id }) : createDict(body)
  }
  return (
    <FormDialog<DictBody>
      title={dict ? '编辑字典' : '新增字典'}
      initialValues={dict ?? {}}
      onSubmit={submit}
      onClose={onClose}
      onDone={onDone}
      width={560}
    >
      <Form.Item
        label="字典名称"
        name="name"
        extra="代码里按名称读取字典，如 DJ_COMM_XB"
        rules={[
          { required: true, whitespace: true, message: '请输入字典名称' },
          { pattern: DICT_NAME, message: '字典名称须以字母开头，由2-100位字母、数字或下划线组成' },
        ]}
      >
        <Input placeholder="请输入字典名称" maxLength={100} />
      </Form.Item>
      <Form.Item label="描述" name="description" rules={[{ max: 255, message: '字典描述不能超过255个字' }]}>
        <Input placeholder="请输入描述" maxLength={255} />
      </Form.Item>
    </FormDialog>
  )
}
