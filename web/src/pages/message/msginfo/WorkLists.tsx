import { Empty, Segmented, Space, Spin, Tag, type TableProps } from 'antd'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { useSearchParams } from 'react-router'
import { markTodosDone, workItems, workSummary, type WorkItem } from '@/api/message'
import { ui } from '@/app/bridge'
import { actionColumn, CrudTable, RowActions, useCrud } from '@/components/crud'
import { WORK_SUMMARY_KEY } from '@/components/message/WorkCard'
import RecordLink from '@/components/RecordLink'
import { useCountersStore } from '@/stores/counters'
import { formatTime, relativeTime } from '@/utils/time'

const dueCell = (due?: string) => {
  if (!due) return null
  const days = dayjs(due).diff(dayjs().startOf('day'), 'day')
  return <Tag color={days < 0 ? 'red' : days <= 7 ? 'orange' : 'default'}>{days < 0 ? `已逾期 ${due}` : due}</Tag>
}

/** One work list, paged on the server; a stored to-do can be marked done, the others are done where they link. */
function WorkList({ listKey, onChanged }: { listKey: string; onChanged: () => void }) {
  const crud = useCrud<WorkItem>({ key: `worklist-${listKey}`, fetch: (q) => workItems({ key: listKey, page: q.page, size: q.size }) })
  const markDone = async (id: number) => {
    await markTodosDone([id])
    ui.message.success('已标记为已办')
    crud.reload()
    onChanged()
  }
  const columns: TableProps<WorkItem>['columns'] = [
    { title: '事项', dataIndex: 'title' },
    { title: '说明', dataIndex: 'content', ellipsis: true },
    { title: '办理期限', dataIndex: 'due', width: 150, render: dueCell },
    { title: '等待自', dataIndex: 'since', width: 120, render: (v?: string) => (v ? <span title={formatTime(v)}>{relativeTime(v)}</span> : null) },
    actionColumn<WorkItem>(
      (r) => (
        <Space size={0}>
          <RecordLink link={r.link} text="办理" />
          {r.todoId ? <RowActions actions={[{ key: 'mark', label: '标记已办', onClick: () => void markDone(r.todoId!) }]} /> : null}
        </Space>
      ),
      140,
    ),
  ]
  return <CrudTable<WorkItem> crud={crud} rowKey="key" columns={columns} emptyText="这一类没有等待您办理的事项" />
}

/**
 * 待办事项: everything waiting for the caller, one tab per module (发展党员, 组织关系转接, 党费收缴, 其他待办)
 * with its count; `?list=` picks one, else the first that has items. The server computes each list in
 * the caller's data scope (GET /api/worklist).
 */
export default function WorkLists() {
  const [params, setParams] = useSearchParams()
  const client = useQueryClient()
  const summary = useQuery({ queryKey: WORK_SUMMARY_KEY, queryFn: () => workSummary() })
  if (!summary.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  const groups = summary.data.groups
  if (summary.data.total === 0) {
    return <Empty description="暂无待办事项：发展党员的环节、组织关系转接的审核、本月未缴党费等需要您办理的事项会显示在这里" />
  }
  const asked = params.get('list')
  const current = groups.find((g) => g.key === asked) ?? groups.find((g) => g.count > 0) ?? groups[0]
  const changed = () => {
    void client.invalidateQueries({ queryKey: WORK_SUMMARY_KEY })
    void useCountersStore.getState().refreshTodo()
  }
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={current.key}
        onChange={(k) => setParams({ tab: 'todo', list: String(k) }, { replace: true })}
        options={groups.map((g) => ({ value: g.key, label: `${g.title}（${g.count}）` }))}
      />
      <WorkList key={current.key} listKey={current.key} onChanged={changed} />
    </>
  )
}
