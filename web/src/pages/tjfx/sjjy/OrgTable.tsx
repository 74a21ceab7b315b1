import { Progress, Segmented, Space, Table, Typography } from 'antd'
import { serverPager } from '@/components/pagerTotal'
import type { CheckLevel, OrgLine, Summary } from './api'

const LEVELS: { value: CheckLevel; label: string }[] = [
  { value: 'branch', label: '按党支部' },
  { value: 'committee', label: '按二级党委' },
]

/** The page size of the organisations' lines. */
export const ORG_PAGE_SIZE = 20

interface Props {
  summary: Summary | undefined
  loading: boolean
  level: CheckLevel
  onLevel: (level: CheckLevel) => void
  page: number
  onPage: (page: number) => void
}

/**
 * The completeness per organisation: each branch (with its 二级党委) or rolled up per 二级党委, the summary's
 * lines at that level, a page at a time from the server.
 */
export default function OrgTable({ summary, loading, level, onLevel, page, onPage }: Props) {
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Segmented<CheckLevel> aria-label="汇总层级" options={LEVELS} value={level} onChange={onLevel} />
        <Typography.Text type="secondary">完整率：没有任何问题的党员所占比例</Typography.Text>
      </Space>
      <Table<OrgLine>
        size="small"
        bordered
        rowKey="orgId"
        loading={loading}
        dataSource={summary?.orgs.content ?? []}
        locale={{ emptyText: '没有纳入统计的党员' }}
        pagination={serverPager(page, onPage, ORG_PAGE_SIZE, summary?.orgs, { unit: '个党组织' })}
        columns={[
          { key: 'orgName', title: '党组织', dataIndex: 'orgName', ellipsis: true },
          ...(level === 'branch' ? [{ key: 'topName', title: '所属二级党委', dataIndex: 'topName', width: 220, ellipsis: true }] : []),
          { key: 'members', title: '党员数', dataIndex: 'members', width: 90, align: 'right' },
          { key: 'withIssues', title: '存在问题', dataIndex: 'withIssues', width: 90, align: 'right' },
          {
            key: 'rate',
            title: '完整率',
            width: 220,
            render: (_, l) => <Progress aria-label={`${l.orgName}完整率`} percent={l.rate} size="small" status={l.rate < 100 ? 'normal' : 'success'} format={(p) => `${(p ?? 0).toFixed(1)}%`} />,
          },
        ]}
      />
    </>
  )
}
