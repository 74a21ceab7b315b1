import { Drawer, type TableProps } from 'antd'
import { CrudTable, useCrud } from '@/components/crud'
import { timeCell } from '@/components/format'
import RecordLink from '@/components/RecordLink'
import { fetchReminders } from '../service'
import type { Reminder, RemindRule } from '../types'

interface Props {
  rule: RemindRule
  onClose: () => void
}

const STATUS_OPTIONS = [
  { label: '提醒中', value: false },
  { label: '已结束', value: true },
]

/** 当前提醒 of one rule: the records reminded of, within the caller's organisations. */
export default function RemindersDrawer({ rule, onClose }: Props) {
  const crud = useCrud<Reminder>({
    key: `reminders-${rule.type}`,
    fetch: (q) => fetchReminders({ ...q, filters: { ...q.filters, type: rule.type } }),
  })
  const columns: TableProps<Reminder>['columns'] = [
    { title: '提醒内容', dataIndex: 'title', ellipsis: true },
    { title: '党组织', dataIndex: 'orgName', width: 180, ellipsis: true },
    { title: '到期日期', dataIndex: 'dueOn', width: 110, sorter: true },
    { title: '提醒时间', dataIndex: 'createTime', width: 170, sorter: true, render: timeCell },
    { title: '操作', key: 'link', width: 70, render: (_, r) => <RecordLink link={r.link} /> },
  ]
  return (
    <Drawer open title={`当前提醒：${rule.name}`} size={980} onClose={onClose}>
      <CrudTable<Reminder>
        crud={crud}
        columns={columns}
        searchFields={[
          { name: 'blurry', label: '关键字', placeholder: '提醒内容' },
          { name: 'closed', label: '状态', type: 'select', options: STATUS_OPTIONS },
        ]}
        emptyText="没有需要提醒的记录"
      />
    </Drawer>
  )
}
