import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { App, Button, Card, Empty, Space, Spin, Table, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import { ReportFailed } from '@/components/report/ReportPage'
import { exportRoster, getRoster, getRosters, type Roster } from './api'

const PAGE_SIZE = 20

/** One roster: its organisation filter, its table, export and print. */
function RosterTab({ roster }: { roster: Roster }) {
  const { message } = App.useApp()
  const canExport = useHasPermission([PERM.hmcExport])
  const [orgId, setOrgId] = useState<number | null>(null)
  const [page, setPage] = useState(1)
  const [exporting, setExporting] = useState(false)
  const rows = useQuery({
    queryKey: ['hmc', roster.key, orgId, page],
    queryFn: () => getRoster(roster.key, orgId, page - 1, PAGE_SIZE),
    placeholderData: keepPreviousData,
  })
  const download = () => {
    setExporting(true)
    exportRoster(roster, orgId)
      .catch(() => void message.error('导出失败，请稍后重试'))
      .finally(() => setExporting(false))
  }
  const empty = rows.data?.totalElements === 0
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {roster.byOrg && (
          <>
            <Typography.Text>党组织</Typography.Text>
            <OrgTreeSelect
              value={orgId}
              onChange={(v) => {
                setOrgId(typeof v === 'number' ? v : null)
                setPage(1)
              }}
              placeholder="全部（管理范围内）"
              style={{ width: 280 }}
            />
          </>
        )}
        {canExport && (
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={empty} onClick={download}>
            导出
          </Button>
        )}
        <Button icon={<PrinterOutlined />} disabled={empty} onClick={() => openPrintView('hmc', { key: roster.key, ...(orgId ? { orgId } : {}) })}>
          打印
        </Button>
        <Typography.Text type="secondary">{roster.note}</Typography.Text>
      </Space>
      {rows.isError ? (
        <ReportFailed what={roster.title} retry={() => void rows.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          loading={rows.isFetching}
          dataSource={rows.data?.content ?? []}
          columns={[
            { key: 'n', title: '序号', width: 70, render: (_: unknown, __: unknown, i: number) => (page - 1) * PAGE_SIZE + i + 1 },
            ...roster.columns.map((c) => ({ key: c.key, title: c.label, render: (_: unknown, row: { cells: Record<string, string> }) => row.cells[c.key] })),
          ]}
          locale={{ emptyText: <Empty description={`管理范围内没有${roster.note}`} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.totalElements ?? 0, showSizeChanger: false, showTotal: (t) => `共 ${t} 人`, onChange: setPage }}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Space>
  )
}

/** 花名册 (统计分析 › 花名册): the built-in rosters with their official columns, in the caller's scope. */
export default function RosterPage() {
  const rosters = useQuery({ queryKey: ['hmc', 'rosters'], queryFn: getRosters, staleTime: Infinity })
  if (rosters.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (rosters.isError || !rosters.data) return <ReportFailed what="花名册" retry={() => void rosters.refetch()} />
  return (
    <Card variant="borderless">
      <Tabs items={rosters.data.map((r) => ({ key: r.key, label: r.title, children: <RosterTab roster={r} /> }))} destroyOnHidden />
    </Card>
  )
}
