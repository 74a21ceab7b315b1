import { useQuery } from '@tanstack/react-query'
import { Form, Input, InputNumber, Switch } from 'antd'
import { useMemo } from 'react'
import DeptTreeSelect from '@/components/dept/DeptTreeSelect'
import FormDialog from '@/components/FormDialog'
import { subtreeIds } from '@/utils/tree'
import { createDept, deptList, updateDept } from '../service'
import type { Dept, DeptBody } from '../types'

interface Props {
  dept: Dept | null
  /** Parent of a new department (新增下级). */
  parentId?: number | null
  onClose: () => void
  onDone: () => void
}

export default function DeptForm({ dept, parentId = null, onClose, onDone }: Props) {
  // Parents come from the managed tree (disabled departments included), not the picker tree.
  const { data } = useQuery({ queryKey: ['dept', 'managed'], queryFn: () => deptList().then((p) => p.content) })
  const own = useMemo(() => (dept ? new Set(subtreeIds(dept)) : undefined), [dept])
  const initial: Partial<DeptBody> = dept ? { name: dept.name, pid: dept.pid, sort: dept.sort, enabled: dept.enabled } : { pid: parentId, sort: 999, enabled: true }

  const submit = (v: DeptBody) => {
    const body: DeptBody = { name: v.name.trim(), pid: v.pid ?? null, sort: v.sort ?? 999, enabled: v.enabled }
    return dept ? updateDept({ ...body, id: dept.id }) : createDept(body)
  }

  return (
    <FormDialog<DeptBody> title={dept ? '编辑部门' : '新增部门'} initialValues={initial} onSubmit={submit} onClose={onClose} onDone={onDone}>
      <Form.Item
        label="部门名称"
        name="name"
        rules={[
          { required: true, whitespace: true, message: '请输入部门名称' },
          { max: 50, message: '部门名称不能超过50个字' },
        ]}
      >
        <Input placeholder="请输入部门名称" maxLength={50} />
      </Form.Item>
      <Form.Item label="上级部门" name="pid" extra="不选即为顶级部门">
        <DeptTreeSelect tree={data ?? []} disabledIds={own} placeholder="请选择上级部门" />
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
