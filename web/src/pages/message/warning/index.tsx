import { Tag, type TableProps } from 'antd'
import { warningPage, type WarningItem } from '@/api/message'
import { CrudTable, useCrud } from '@/components/crud'
import { formatTime } from '@/utils/time'
import RecordLink from '@/components/RecordLink'

const columns: TableProps<WarningItem>['columns'] = [
  { title: '级别', dataIndex: 'level', width: 90, render: (v: string) => (v ? <Tag color="orange">{v}</Tag> : null) },
  { title: '标题', dataIndex: 'title' },
  { title: '内容', dataIndex: 'content', ellipsis: true },
  {
    title: '操作',
    dataIndex: 'link',
    width: 80,
    render: (link: string) => <RecordLink link={link} />,
  },
  { title: '时间', dataIndex: 'createTime', width: 180, render: (v: string) => formatTime(v) },
]

/** The user's own warnings (GET /api/warning). */
export default function WarningPage() {
  const crud = useCrud<WarningItem>({ key: 'warning', fetch: (q) => warningPage({ page: q.page, size: q.size, sort: q.sort }) })
  return <CrudTable crud={crud} columns={columns} />
}
