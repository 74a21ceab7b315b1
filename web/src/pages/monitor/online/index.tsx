import { Button, Space, Tag, type TableColumnType } from 'antd'
import { PERM } from '@/api/permissions'
import { actionColumn, confirmAction, CrudTable, defineResource, RowActions, useCrud, useResourceColumns } from '@/components/crud'
import { useSelection } from '@/components/crud/useSelection'
import Permission, { useHasPermission } from '@/components/Permission'
import { userAgentField } from '../fields'
import { fetchOnline, kickSessions } from './service'
import type { OnlineSession } from './types'

const sessions = defineResource<OnlineSession>({
  key: 'online',
  noun: '会话',
  api: { fetch: fetchOnline },
  keyword: '用户名、姓名或 IP',
  fields: [
    {
      name: 'username',
      label: '用户名',
      column: { sorter: true },
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.current && <Tag color="green">当前会话</Tag>}
        </Space>
      ),
    },
    { name: 'nickName', label: '姓名' },
    { name: 'ip', label: 'IP', width: 140 },
    userAgentField<OnlineSession>(),
    { name: 'createTime', label: '登录时间', type: 'datetime', width: 170, column: { sorter: true } },
    { name: 'lastSeenTime', label: '最近活动', type: 'datetime', width: 170, column: { sorter: true } },
    { name: 'expireTime', label: '过期时间', type: 'datetime', width: 170, column: { sorter: true } },
  ],
})

/** 在线用户: active sessions; 强制退出 ends them. */
export default function OnlinePage() {
  const crud = useCrud<OnlineSession>({ key: sessions.key, fetch: sessions.api.fetch })
  const canKick = useHasPermission([PERM.onlineDel])
  const fields = useResourceColumns(sessions)
  // The caller's own session cannot be chosen.
  const selection = useSelection(crud.rows.filter((r) => !r.current))

  const kick = async (ids: number[], question: string) => {
    if (await confirmAction(question, () => kickSessions(ids), '已强制退出', true)) {
      selection.clear()
      crud.reload()
    }
  }

  const selectColumn: TableColumnType<OnlineSession> = {
    ...selection.column,
    render: (v: unknown, r: OnlineSession, i: number) => (r.current ? null : selection.column.render?.(v, r, i)),
  }
  const kickColumn = actionColumn<OnlineSession>(
    (r) => (
      <RowActions
        actions={[
          { key: 'kick', label: '强制退出', danger: true, hidden: r.current, onClick: () => void kick([r.id], `确定强制退出“${r.nickName || r.username}”的这个会话吗？`) },
        ]}
      />
    ),
    100,
  )

  return (
    <CrudTable<OnlineSession>
      crud={crud}
      columns={canKick ? [selectColumn, ...fields, { ...kickColumn, fixed: undefined }] : fields}
      searchFields={[{ name: 'blurry', label: '关键字', placeholder: sessions.keyword }]}
      toolbar={
        <Permission need={[PERM.onlineDel]}>
          <Button danger disabled={selection.count === 0} onClick={() => void kick(selection.ids, `确定强制退出选中的 ${selection.count} 个会话吗？这些用户须重新登录。`)}>
            批量强制退出{selection.count > 0 ? `（${selection.count}）` : ''}
          </Button>
        </Permission>
      }
      scrollX={1300}
    />
  )
}
