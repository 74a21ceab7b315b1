import { Button, Space, Tabs, Tag, type TableProps } from 'antd'
import { useSearchParams } from 'react-router'
import type { MessageItem, TodoItem } from '@/api/message'
import { ui } from '@/app/bridge'
import { CrudTable, useCrud } from '@/components/crud'
import RecordLink from '@/components/RecordLink'
import { useCountersStore } from '@/stores/counters'
import { formatTime, relativeTime } from '@/utils/time'
import { fetchMessages, fetchTodos, markMessagesRead, markTodosDone } from './service'

const when = (v?: string) => (v ? <span title={formatTime(v)}>{relativeTime(v)}</span> : null)

function TodoTab() {
  const crud = useCrud<TodoItem>({ key: 'todo', fetch: fetchTodos })
  const done = async (ids: number[]) => {
    await markTodosDone(ids)
    ui.message.success('已标记为已办')
    crud.reload()
    void useCountersStore.getState().refreshTodo()
  }
  const columns: TableProps<TodoItem>['columns'] = [
    { title: '标题', dataIndex: 'title' },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    { title: '时间', dataIndex: 'createTime', width: 140, render: when },
    {
      title: '操作',
      width: 160,
      render: (_, r) => (
        <Space>
          <RecordLink link={r.link} />
          <Button type="link" size="small" onClick={() => done([r.id])}>
            标记已办
          </Button>
        </Space>
      ),
    },
  ]
  return (
    <CrudTable
      crud={crud}
      columns={columns}
      toolbar={
        <Button disabled={crud.rows.length === 0} onClick={() => done(crud.rows.map((r) => r.id))}>
          本页全部已办
        </Button>
      }
    />
  )
}

function MessageTab() {
  const crud = useCrud<MessageItem>({ key: 'message', fetch: fetchMessages })
  const read = async (ids: number[]) => {
    await markMessagesRead(ids)
    ui.message.success('已标记为已读')
    crud.reload()
    void useCountersStore.getState().refreshRemind()
  }
  const columns: TableProps<MessageItem>['columns'] = [
    { title: '标题', dataIndex: 'title', render: (v: string, r) => (r.read ? v : <Space>{v}<Tag color="red">未读</Tag></Space>) },
    { title: '发送人', dataIndex: 'senderName', width: 120 },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    { title: '时间', dataIndex: 'createTime', width: 140, render: when },
    {
      title: '操作',
      width: 160,
      render: (_, r) => (
        <Space>
          <RecordLink link={r.link} />
          <Button type="link" size="small" onClick={() => read([r.id])}>
            标记已读
          </Button>
        </Space>
      ),
    },
  ]
  return (
    <CrudTable
      crud={crud}
      columns={columns}
      toolbar={
        <Button disabled={crud.rows.length === 0} onClick={() => read(crud.rows.map((r) => r.id))}>
          本页全部已读
        </Button>
      }
    />
  )
}

/** To-dos and messages; `?tab=todo|message` picks the tab (the top-bar badges link here). */
export default function MsgInfoPage() {
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') === 'message' ? 'message' : 'todo'
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setParams({ tab: k }, { replace: true })}
      items={[
        { key: 'todo', label: '待办事项', children: <TodoTab /> },
        { key: 'message', label: '消息通知', children: <MessageTab /> },
      ]}
    />
  )
}
