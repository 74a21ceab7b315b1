import { Tag } from 'antd'
import { warningPage, type WarningItem } from '@/api/message'
import { defineResource, ResourcePage } from '@/components/crud'
import RecordLink from '@/components/RecordLink'

/** The user's own warnings (GET /api/warning): read only, each with a link to what it is about. */
const warnings = defineResource<WarningItem>({
  key: 'warning',
  noun: '预警',
  api: { fetch: (q) => warningPage({ page: q.page, size: q.size, sort: q.sort }) },
  fields: [
    { name: 'level', label: '级别', width: 90, render: (v: string) => (v ? <Tag color="orange">{v}</Tag> : null) },
    { name: 'title', label: '标题' },
    { name: 'content', label: '内容', column: { ellipsis: true } },
    { name: 'link', label: '操作', width: 80, render: (link: string) => <RecordLink link={link} /> },
    { name: 'createTime', label: '时间', type: 'datetime', width: 180 },
  ],
})

/** 我的预警. */
export default function WarningPage() {
  return <ResourcePage resource={warnings} />
}
