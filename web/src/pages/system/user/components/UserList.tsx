import { ExportOutlined, ImportOutlined } from '@ant-design/icons'
import { DICT_GENDER } from '@/api/dicts'
import { PERM } from '@/api/permissions'
import { Button, Space, Switch, Tag, type TableProps } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { memberDetailPath } from '@/components/member/service'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { ui } from '@/app/bridge'
import { actionColumn, AddButton, CrudTable, deleteAction, editAction, RowActions, useCrud, type RowAction, type SearchField } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import Permission, { useHasPermission } from '@/components/Permission'
import PasswordDialog from '@/components/password/PasswordDialog'
import { useSessionStore } from '@/stores/session'
import { dictLabel } from '@/utils/dict'
import { confirmAction as confirm } from '@/components/crud/confirm'
import { ENABLED_OPTIONS, timeCell } from '@/components/format'
import { useSelection } from '@/components/crud/useSelection'
import {
  activateUsers,
  deleteUsers,
  disableLeftUsers,
  exportUsers,
  listFetchers,
  resetToInitial,
  setUsersEnabled,
  unlockUsers,
} from '../service'
import { PWD_STATE_LABELS, type InitialPassword, type UserRow, type UserView } from '../types'
import ImportDialog from './ImportDialog'
import InitialPasswordDialog from './InitialPasswordDialog'
import UserForm from './UserForm'

interface Props {
  view: UserView
  deptId: number | null
}

const SEARCH: SearchField[] = [
  { name: 'blurry', label: '关键字', placeholder: '用户名、姓名、手机号或邮箱' },
  { name: 'enabled', label: '状态', type: 'select', options: ENABLED_OPTIONS },
  { name: 'orgId', label: '所在党组织', render: () => <OrgTreeSelect placeholder="所在党组织" style={{ width: 200 }} /> },
]

/** One list of the user page; `view` picks the endpoint and the batch action. */
export default function UserList({ view, deptId }: Props) {
  const crud = useCrud<UserRow>({
    key: `users-${view}-${deptId ?? 'all'}`,
    fetch: (q) => listFetchers[view]({ ...q, filters: { ...q.filters, deptId } }),
  })
  // A new department starts again at page 1.
  const firstDept = useRef(true)
  const { setQuery } = crud
  useEffect(() => {
    if (firstDept.current) {
      firstDept.current = false
      return
    }
    setQuery((q) => ({ ...q, page: 0 }))
  }, [deptId, setQuery])

  const me = useSessionStore((s) => s.user?.id)
  const { [DICT_GENDER]: genders } = useDicts(DICT_GENDER)
  const canEdit = useHasPermission([PERM.userEdit])
  const canDelete = useHasPermission([PERM.userDel])
  const selection = useSelection(crud.rows)
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null)
  const [importing, setImporting] = useState(false)
  const [pwdUser, setPwdUser] = useState<string | null>(null)
  const [shown, setShown] = useState<{ title: string; accounts: InitialPassword[] } | null>(null)
  const [switching, setSwitching] = useState<number | null>(null)

  const toggleEnabled = async (u: UserRow, enabled: boolean) => {
    const run = async () => {
      setSwitching(u.id)
      try {
        await setUsersEnabled([u.id], enabled)
      } finally {
        setSwitching(null)
      }
    }
    if (enabled) {
      try {
        await run()
        ui.message.success('已启用')
      } catch {
        return
      }
    } else if (!(await confirm(`确定停用用户“${u.nickName || u.username}”吗？停用后其登录会话将立即失效。`, run, '已停用', true))) {
      return
    }
    crud.reload()
  }

  const moreActions = (u: UserRow): RowAction[] => [
    { key: 'unlock', label: '解除锁定', need: PERM.userEdit, hidden: !u.locked, onClick: () => void onMore('unlock', u) },
    { key: 'reset', label: '重置密码', need: PERM.userPass, onClick: () => void onMore('reset', u) },
    { key: 'pass', label: '设置密码', need: PERM.userPass, onClick: () => void onMore('pass', u) },
  ]

  const onMore = async (key: string, u: UserRow) => {
    const name = u.nickName || u.username
    if (key === 'unlock') {
      try {
        await unlockUsers([u.id])
        ui.message.success('已解除锁定')
        crud.reload()
      } catch {
        /* shown by the request pipeline */
      }
    } else if (key === 'reset') {
      await confirm(
        `确定为用户“${name}”生成新的初始密码吗？原密码将失效，该用户下次登录时须修改密码。`,
        async () => setShown({ title: '密码已重置', accounts: [await resetToInitial(u.id)] }),
        '密码已重置',
      )
      crud.reload()
    } else if (key === 'pass') {
      setPwdUser(u.username)
    }
  }

  const batch = async (ids: number[]) => {
    const done =
      view === 'noEnter'
        ? await confirm(`确定激活选中的 ${ids.length} 个账号吗？激活后使用导入时生成的初始密码登录（遗失可重置密码），首次登录须修改密码。`, () => activateUsers(ids), '激活成功')
        : await confirm(`确定停用选中的 ${ids.length} 个已离校账号吗？其登录会话将立即失效。`, () => disableLeftUsers(ids), '停用成功', true)
    if (done) {
      selection.clear()
      crud.reload()
    }
  }

  const columns: TableProps<UserRow>['columns'] = [
    ...(view === 'noEnter' || view === 'hasLeft' ? [selection.column] : []),
    {
      title: '用户名',
      dataIndex: 'username',
      sorter: true,
      render: (v: string, u) => (
        <Space size={4}>
          {v}
          {u.locked && <Tag color="red">已锁定</Tag>}
          {u.isAdmin && <Tag color="gold">超级管理员</Tag>}
        </Space>
      ),
    },
    { title: '姓名', dataIndex: 'nickName', sorter: true },
    { title: '性别', dataIndex: 'gender', width: 70, render: (v: string) => dictLabel(genders, v) },
    { title: '部门', dataIndex: ['dept', 'name'] },
    { title: '所在党组织', dataIndex: ['org', 'name'], ellipsis: true },
    {
      title: '关联党员',
      dataIndex: ['member', 'name'],
      width: 100,
      render: (v: string | undefined, u) => (u.member ? <Link to={memberDetailPath(u.member.id)}>{v}</Link> : ''),
    },
    {
      title: '角色',
      dataIndex: 'roleList',
      render: (list: UserRow['roleList']) =>
        list.map((r) => (
          <Tag key={r.id} style={{ marginBottom: 2 }}>
            {r.name}
          </Tag>
        )),
    },
    { title: '手机号', dataIndex: 'phone', width: 120 },
    ...(view === 'weak'
      ? [{ title: '密码状态', dataIndex: 'pwdState', render: (v: string) => <Tag color="orange">{PWD_STATE_LABELS[v] ?? v}</Tag> }]
      : []),
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, u) =>
        canEdit && u.id !== me ? (
          <Switch
            size="small"
            checked={v}
            loading={switching === u.id}
            aria-label={v ? '停用' : '启用'}
            onChange={(on) => void toggleEnabled(u, on)}
          />
        ) : v ? (
          <Tag color="green">启用</Tag>
        ) : (
          <Tag>停用</Tag>
        ),
    },
    { title: '最近登录', dataIndex: 'lastLoginTime', width: 170, sorter: true, render: timeCell },
    { title: '创建时间', dataIndex: 'createTime', width: 170, sorter: true, render: timeCell },
    actionColumn<UserRow>(
      (u) => (
        <RowActions
          actions={[
            { key: 'activate', label: '激活', need: PERM.userEdit, hidden: view !== 'noEnter', onClick: () => void batch([u.id]) },
            editAction(PERM.userEdit, () => setEditing(u)),
            deleteAction(PERM.userDel, u.nickName || u.username, () => deleteUsers([u.id]), crud.reload, {
              kind: '用户',
              disabled: u.id === me,
              tip: u.id === me ? '不能删除自己' : undefined,
            }),
          ]}
          more={moreActions(u)}
        />
      ),
      190,
    ),
  ]

  const toolbar = (
    <>
      {view === 'all' && (
        <>
          <AddButton need={PERM.userAdd} onClick={() => setEditing('new')} />
          <Permission need={[PERM.userAdd]}>
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
          </Permission>
          <Button icon={<ExportOutlined />} onClick={() => void exportUsers({ ...crud.query.filters, deptId }).catch(() => undefined)}>
            导出
          </Button>
        </>
      )}
      {view === 'noEnter' && (
        <Permission need={[PERM.userEdit]}>
          <Button type="primary" disabled={selection.count === 0} onClick={() => void batch(selection.ids)}>
            批量激活{selection.count > 0 ? `（${selection.count}）` : ''}
          </Button>
        </Permission>
      )}
      {view === 'hasLeft' && (
        <Permission need={[PERM.userEdit]}>
          <Button danger disabled={selection.count === 0} onClick={() => void batch(selection.ids)}>
            批量停用{selection.count > 0 ? `（${selection.count}）` : ''}
          </Button>
        </Permission>
      )}
    </>
  )

  return (
    <>
      <CrudTable<UserRow>
        crud={crud}
        columns={columns}
        searchFields={view === 'all' ? SEARCH : SEARCH.slice(0, 1)}
        toolbar={toolbar}
        onDelete={view === 'all' && canDelete ? (ids) => deleteUsers(ids as number[]) : undefined}
        nameOf={(u) => u.nickName || u.username}
        noun="用户"
        scrollX={1400}
      />
      {editing && (
        <UserForm
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={crud.reload}
          onCreated={(a) => setShown({ title: '新增成功', accounts: [a] })}
        />
      )}
      {shown && <InitialPasswordDialog title={shown.title} accounts={shown.accounts} onClose={() => setShown(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} onDone={crud.reload} />}
      {pwdUser && <PasswordDialog open username={pwdUser} onClose={() => setPwdUser(null)} />}
    </>
  )
}
