import { Form, Input, InputNumber, Select } from 'antd'
import DeptTreeSelect from '@/components/dept/DeptTreeSelect'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { createRole, updateRole } from '../service'
import { DATA_SCOPES, type Role, type RoleBody } from '../types'

interface Props {
  /** The role being edited (with its depts); null = new. */
  role: Role | null
  onClose: () => void
  onDone: () => void
}

/** The server's message too: a custom scope needs something to cover. */
const CUSTOM_NEEDS = '自定义数据范围须选择党组织或部门'

export default function RoleForm({ role, onClose, onDone }: Props) {
  const [form] = Form.useForm<RoleBody>()
  const scope = Form.useWatch('dataScope', form)
  const initial: Partial<RoleBody> = role
    ? { name: role.name, description: role.description, level: role.level, dataScope: role.dataScope, deptIds: role.depts, dzzIds: role.dzzIds ?? [] }
    : { level: 3, dataScope: 'SELF', deptIds: [], dzzIds: [] }

  const submit = (v: RoleBody) => {
    const body: RoleBody = {
      name: v.name.trim(),
      description: v.description?.trim() ?? '',
      level: v.level,
      dataScope: v.dataScope,
      deptIds: v.dataScope === 'CUSTOM' ? (v.deptIds ?? []) : [],
      dzzIds: v.dataScope === 'CUSTOM' ? (v.dzzIds ?? []) : [],
    }
    return role ? updateRole({ ...body, id: role.id }) : createRole(body)
  }

  return (
    <FormDialog<RoleBody> form={form} title={role ? '编辑角色' : '新增角色'} initialValues={initial} onSubmit={submit} onClose={onClose} onDone={onDone}>
      <Form.Item
        label="角色名称"
        name="name"
        rules={[
          { required: true, whitespace: true, message: '请输入角色名称' },
          { max: 32, message: '角色名称不能超过32个字' },
        ]}
      >
        <Input placeholder="请输入角色名称" maxLength={32} />
      </Form.Item>
      <Form.Item
        label="角色级别"
        name="level"
        extra="数字越小权限越高；只能管理不高于自己级别的角色"
        rules={[
          { required: true, message: '请输入角色级别' },
          { type: 'integer', min: 1, max: 99, message: '角色级别应在 1 到 99 之间' },
        ]}
      >
        <InputNumber placeholder="1-99" min={1} max={99} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="数据范围" name="dataScope" rules={[{ required: true, message: '请选择数据范围' }]}>
        <Select placeholder="请选择数据范围" options={DATA_SCOPES.map((s) => ({ label: s.label, value: s.value }))} />
      </Form.Item>
      {scope === 'CUSTOM' && (
        <>
          <Form.Item
            label="数据党组织"
            name="dzzIds"
            extra="党建模块（党组织、党员等）的数据范围：所选党组织及其全部下级党组织"
            dependencies={['deptIds']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: number[] | undefined) =>
                  (v?.length ?? 0) > 0 || (getFieldValue('deptIds')?.length ?? 0) > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(CUSTOM_NEEDS)),
              }),
            ]}
          >
            <OrgTreeSelect checkable placeholder="请勾选党组织" />
          </Form.Item>
          <Form.Item label="数据部门" name="deptIds" extra="用户、部门等按部门管理的数据范围：所选部门及其下级部门">
            <DeptTreeSelect checkable placeholder="请勾选部门" />
          </Form.Item>
        </>
      )}
      <Form.Item label="描述" name="description" rules={[{ max: 255, message: '描述不能超过255个字' }]}>
        <Input.TextArea rows={3} placeholder="请输入描述" maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  )
}
