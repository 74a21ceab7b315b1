import { Tag } from 'antd'
import { PERM } from '@/api/permissions'
import { defineResource, getFetcher, ResourcePage } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import RecordLink from '@/components/RecordLink'
import { RECTIFY, RECTIFY_STATES, type RectifyView } from '../meeting/prepareApi'

const stateTag = (r: RectifyView) => <Tag color={r.state === RECTIFY_STATES.closed ? 'success' : r.overdue ? 'error' : 'processing'}>{r.stateName}</Tag>

/** 整改台账: the rectification items of the caller's organisations, read only here (changed in their meeting's drawer). */
export const ledger = defineResource<RectifyView>({
  key: 'zgtz',
  columnsKey: 'orglife.zgtz',
  noun: '整改事项',
  api: { fetch: getFetcher<RectifyView>(RECTIFY) },
  keyword: '整改事项或责任人',
  permissions: { export: PERM.hyExport },
  export: { url: `${RECTIFY}/export`, fileName: '整改台账.xlsx' },
  scrollX: 1300,
  emptyText: '暂无整改事项 — 组织生活会、民主生活会结束后，在会议的“整改事项”中登记',
  fields: [
    {
      name: 'orgId',
      label: '党组织',
      display: 'orgName',
      type: 'custom',
      width: 200,
      column: { ellipsis: true, sorter: true },
      search: { render: () => <OrgTreeSelect style={{ width: 220 }} /> },
    },
    { name: 'meetingTopic', label: '会议', width: 220, column: { ellipsis: true }, render: (_, r) => `${r.typeName}：${r.meetingTopic}` },
    { name: 'heldOn', label: '会议日期', type: 'date', width: 110, column: { sorter: true } },
    { name: 'content', label: '整改事项', column: { ellipsis: true } },
    { name: 'owner', label: '责任人', width: 110 },
    { name: 'deadline', label: '完成时限', type: 'date', width: 110, column: { sorter: true }, search: { range: true } },
    {
      name: 'state',
      label: '状态',
      type: 'select',
      options: [
        { label: '整改中', value: RECTIFY_STATES.open },
        { label: '已销号', value: RECTIFY_STATES.closed },
      ],
      width: 90,
      search: true,
      render: (_, r) => stateTag(r),
    },
    {
      name: 'overdue',
      label: '是否逾期',
      type: 'select',
      options: [
        { label: '已逾期', value: 'true' },
        { label: '未逾期', value: 'false' },
      ],
      search: true,
      column: false,
    },
    { name: 'progressCount', label: '进展', width: 70, render: (n: number) => `${n} 条` },
    { name: 'closingNote', label: '销号说明', width: 180, column: { ellipsis: true } },
    { name: 'meetingId', label: '操作', width: 80, render: (_, r) => <RecordLink link={r.meetingLink} text="查看会议" /> },
  ],
})

export default function RectifyLedgerPage() {
  return <ResourcePage resource={ledger} />
}
