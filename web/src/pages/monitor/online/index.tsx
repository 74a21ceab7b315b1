import { Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableProps } from 'antd'
import { ui } from '@/app/bridge'
import { CrudTable, useCrud } from '@/components/crud'
import Permission, { useHasPermission } from '@/components/Permission'
import { confirmAction } from '@/components/crud/confirm'
import { timeCell } from '@/components/format'
import { useSelection } from '@/components/crud/useSelection'
import { fetchOnline, kickSessions } from './service'
import type { OnlineSession } from './types'

/** 在线用户: active sessions; 强制退出 ends them. */
export default function OnlinePage() {
  const crud = useCrud<OnlineSession>({ key: 'online', fetch: fetchOnline })
  const canKick = useHasPermission(['online:del'])
  // The caller's own session cannot be chosen.
  const selection = useSelection(crud.rows.filter((r) => !r.current))

  const kick = async (ids: number[]) => {
    await kickSessions(ids)
    ui.message.success('已强制退出')
    selection.clear()
    crud.reload()
  }

  const kickChosen = async () => {
    const ids = selection.ids
    if (await confirmAction(`确定强制退出选中的 ${ids.length} 个会话吗？这些用户须重新登录。`, () => kickSessions(ids), '已强制退出', true)) {
      selection.clear()
      crud.reload()
    }
  }

  const columns: TableProps<OnlineSession>['columns'] = [
    ...(canKick
      ? [
          {
            ...selection.column,
            render: (v: unknown, r: OnlineSession, i: number) => (r.current ? null : selection.column.render?.(v, r, i)),
          },
        ]
      : []),
    {
      title: '用户名',
      dataIndex: 'username',
      sorter: true,
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.current && <Tag color="green">当前会话</Tag>}
        </Space>
      ),
    },
    { title: '姓名', dataIndex: 'nickName' },
    { title: 'IP', dataIndex: 'ip', width: 140 },
    {
      title: '浏览器',
      dataIndex: 'userAgent',
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Tooltip title={v}>
          <Typography.Text type="secondary">{v}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: '登录时间', dataIndex: 'createTime', width: 170, sorter: true, render: timeCell },
    { title: '最近活动', dataIndex: 'lastSeenTime', width: 170, sorter: true, render: timeCell },
    { title: '过期时间', dataIndex: 'expireTime', width: 170, sorter: true, render: timeCell },
    ...(canKick
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 100,
            render: (_: unknown, r: OnlineSession) =>
              r.current ? null : (
                <Popconfirm
                  title={`确定强制退出“${r.nickName || r.username}”的这个会话吗？`}
                  okText="确定"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => kick([r.id]).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger>
                    强制退出
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ]

  return (
    <CrudTable<OnlineSession>
      crud={crud}
      columns={columns}
      searchFields={[{ name: 'blurry', label: '关键字', placeholder: '用户名、姓名或 IP' }]}
      toolbar={
        <Permission need={['online:del']}>
          <Button danger disabled={selection.count === 0} onClick={() => void kickChosen()}>
            批量强制退出{selection.count > 0 ? `（${selection.count}）` : ''}
          </Button>
        </Permission>
      }
      scrollX={1300}
    />
  )
}
