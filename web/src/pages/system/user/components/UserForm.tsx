import { useQuery } from '@tanstack/react-query'
import { Form, Input, Select, Switch } from 'antd'
import { DICT_GENDER } from '@/api/dicts'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import { useDicts } from '@/components/dict/useDicts'
import { formOptions } from '@/utils/dict'
import { isValidEmail, isValidMobile } from '@/utils/validate'
import DeptTreeSelect from '@/components/dept/DeptTreeSelect'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { allRoles, createUser, updateUser } from '../service'
import type { InitialPassword, UserBody, UserRow } from '../types'

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{2,64}$/

interface Props {
  /** The user being edited; null = a new user. */
  user: UserRow | null
  onClose: () => void
  onDone: () => void
  /** A new account's generated initial password, to be shown once. */
  onCreated?: (account: InitialPassword) => void
}

const optional = (test: (v: string) => boolean, message: string) => ({
  validator: (_: unknown, v: string | undefined) => (!v || test(v) ? Promise.resolve() : Promise.reject(new Error(message))),
})

/**
 * The roles the editor may assign, plus the ones the user already holds: the server lists only
 * the former, and a role the user keeps must still show its name (keeping it is always allowed).
 */
function roleOptions(assignable: { id: number; name: string }[], held: { id: number; name: string }[]) {
  const seen = new Set(assignable.map((r) => r.id))
  return [...assignable, ...held.filter((r) => !seen.has(r.id))].map((r) => ({ label: r.name, value: r.id }))
}

/** Create or edit a user. A new account gets its own random initial password (shown once) and must change it. */
export default function UserForm({ user, onClose, onDone, onCreated }: Props) {
  const canSeeRoles = useHasPermission([PERM.roleList])
  const roles = useQuery({ queryKey: ['roles', 'all'], queryFn: allRoles, enabled: canSeeRoles, staleTime: 60_000 })
  const { [DICT_GENDER]: genders } = useDicts(DICT_GENDER)

  const initial: Partial<UserBody> = user
    ? {
        username: user.username,
        nickName: user.nickName,
        gender: user.gender || undefined,
        phone: user.phone,
        email: user.email,
        deptId: user.dept?.id ?? null,
        orgId: user.org?.id ?? null,
        roleIds: user.roleList.map((r) => r.id),
        enabled: user.enabled,
      }
    : { enabled: true, roleIds: [] }

  const submit = (v: UserBody) => {
    const body: UserBody = {
      username: v.username.trim(),
      nickName: v.nickName.trim(),
      gender: v.gender ?? '',
      phone: v.phone?.trim() ?? '',
      email: v.email?.trim() ?? '',
      deptId: v.deptId ?? null,
      orgId: v.orgId ?? null,
      // Without role:list the editor cannot see the roles; keep the user's own.
      roleIds: canSeeRoles ? (v.roleIds ?? []) : (user?.roleList.map((r) => r.id) ?? []),
      enabled: v.enabled,
    }
    if (user) return updateUser({ ...body, id: user.id })
    return createUser(body).then((r) => {
      onCreated?.({ id: r.id, username: r.username, nickName: r.nickName, initialPassword: r.initialPassword })
      return r
    })
  }

  return (
    <FormDialog<UserBody>
      title={user ? '编辑用户' : '新增用户'}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
      onDone={onDone}
      successText={user ? '保存成功' : '新增成功'}
    >
      <Form.Item
        label="用户名"
        name="username"
        rules={[
          { required: true, whitespace: true, message: '请输入用户名' },
          { pattern: USERNAME_PATTERN, message: '用户名须为2-64位字母、数字或 _ . @ -' },
        ]}
      >
        <Input placeholder="请输入用户名（工号或学号）" maxLength={64} />
      </Form.Item>
      <Form.Item
        label="姓名"
        name="nickName"
        rules={[
          { required: true, whitespace: true, message: '请输入姓名' },
          { max: 32, message: '姓名不能超过32个字' },
        ]}
      >
        <Input placeholder="请输入姓名" maxLength={32} />
      </Form.Item>
      <Form.Item label="性别" name="gender">
        <Select placeholder="请选择性别" allowClear options={formOptions(genders, user?.gender)} />
      </Form.Item>
      <Form.Item label="手机号" name="phone" rules={[optional(isValidMobile, '请输入正确的手机号码')]}>
        <Input placeholder="请输入手机号" maxLength={11} />
      </Form.Item>
      <Form.Item label="邮箱" name="email" rules={[optional(isValidEmail, '请输入正确的邮箱地址'), { max: 128, message: '邮箱不能超过128个字符' }]}>
        <Input placeholder="请输入邮箱" maxLength={128} />
      </Form.Item>
      <Form.Item label="部门" name="deptId">
        <DeptTreeSelect />
      </Form.Item>
      <Form.Item label="所在党组织" name="orgId" extra="党支部书记、二级党委管理员等角色的数据范围从这里开始（本级、本级及下级）">
        <OrgTreeSelect placeholder="请选择所在党组织" />
      </Form.Item>
      {canSeeRoles && (
        <Form.Item label="角色" name="roleIds">
          <Select
            mode="multiple"
            placeholder="请选择角色"
            loading={roles.isLoading}
            options={roleOptions(roles.data ?? [], user?.roleList ?? [])}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
          />
        </Form.Item>
      )}
      <Form.Item label="状态" name="enabled" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="停用" />
      </Form.Item>
    </FormDialog>
  )
}
