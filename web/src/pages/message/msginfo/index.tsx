import { Button, Space, Tabs, Tag, type TableProps } from 'antd'
import { useSearchParams } from 'react-router'
import type { MessageItem } from '@/api/message'
import { ui } from '@/app/bridge'
import { actionColumn, CrudTable, RowActions, useCrud, type CrudFetcher } from '@/components/crud'
import RecordLink from '@/components/RecordLink'
import { useCountersStore } from '@/stores/counters'
import { formatTime, relativeTime } from '@/utils/time'
import { fetchMessages, markMessagesRead } from './service'
import WorkLists from './WorkLists'

const when = (v?: string) => (v ? <span title={formatTime(v)}>{relativeTime(v)}</span> : null)

interface InboxItem {
  id: number
  link?: string
}

interface InboxTabProps<T extends InboxItem> {
  crudKey: string
  fetch: CrudFetcher<T>
  mark: (ids: number[]) => Promise<unknown>
  /** 已办 / 已读 */
  markLabel: string
  refreshCounter: () => Promise<void>
  columns: NonNullable<TableProps<T>['columns']>
}

/** One inbox list (to-dos or messages): the rows, a per-row mark action and "mark this page". */
function InboxTab<T extends InboxItem>({ crudKey, fetch, mark, markLabel, refreshCounter, columns }: InboxTabProps<T>) {
  const crud = useCrud<T>({ key: crudKey, fetch })
  const markIds = async (ids: number[]) => {
    await mark(ids)
    ui.message.success(`已标记为${markLabel}`)
    crud.reload()
    void refreshCounter()
  }
  const all: TableProps<T>['columns'] = [
    ...columns,
    { title: '时间', dataIndex: 'createTime', width: 140, render: when },
    actionColumn<T>(
      (r) => (
        <Space size={0}>
          <RecordLink link={r.link} />
          <RowActions actions={[{ key: 'mark', label: `标记${markLabel}`, onClick: () => void markIds([r.id]) }]} />
        </Space>
      ),
      160,
    ),
  ]
  return (
    <CrudTable
      crud={crud}
      columns={all}
      toolbar={
        <Button disabled={crud.rows.length === 0} onClick={() => markIds(crud.rows.map((r) => r.id))}>
          本页全部{markLabel}
        </Button>
      }
    />
  )
}

const messageColumns: NonNullable<TableProps<MessageItem>['columns']> = [
  { title: '标题', dataIndex: 'title', render: (v: string, r) => (r.read ? v : <Space>{v}<Tag color="red">未读</Tag></Space>) },
  { title: '发送人', dataIndex: 'senderName', width: 120 },
  { title: '内容', dataIndex: 'content', ellipsis: true },
]

/** To-dos (the caller's work lists) and messages; `?tab=todo|message` picks the tab (the top-bar badges link here). */
export default function MsgInfoPage() {
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') === 'message' ? 'message' : 'todo'
  const counters = useCountersStore.getState
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setParams({ tab: k }, { replace: true })}
      items={[
        {
          key: 'todo',
          label: '待办事项',
          children: <WorkLists />,
        },
        {
          key: 'message',
          label: '消息通知',
          children: (
            <InboxTab crudKey="message" fetch={fetchMessages} mark={markMessagesRead} markLabel="已读" columns={messageColumns}
              refreshCounter={() => counters().refreshRemind()} />
          ),
        },
      ]}
    />
  )
}
