import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Card, Col, Empty, Row, Spin, Statistic, Typography } from 'antd'
import { PERM } from '@/api/permissions'
import { ImportButton } from '@/components/crud'
import ReportPage, { ReportFailed, useReportFilters } from '@/components/report/ReportPage'
import ReportTable, { type ReportColumn } from '@/components/report/ReportTable'
import { exportStats, getStats, type CommitteeRow, type Stats, type StatsCell, type StatsQuery } from './api'

/** The committees' table: a column per way in and out, then the totals, then 出国（境）暂留 (not 转出); the last line sums them. */
export function committeeColumns(s: Stats): ReportColumn<CommitteeRow, Stats>[] {
  const counts = (group: string, cells: StatsCell[]): ReportColumn<CommitteeRow, Stats>[] =>
    cells.map((c) => ({ key: c.key, title: c.label, group, width: 96, align: 'right', cell: (r) => r.counts[c.key] ?? 0, total: () => c.count }))
  return [
    { key: 'orgName', title: '二级党委', width: 200, fixed: 'left', lead: true, cell: (r) => r.orgName },
    ...counts('转入', s.in),
    { key: 'in', title: '合计', group: '转入', width: 80, align: 'right', cell: (r) => r.in, total: (t) => t.totalIn },
    ...counts('转出', s.out),
    { key: 'out', title: '合计', group: '转出', width: 80, align: 'right', cell: (r) => r.out, total: (t) => t.totalOut },
    { key: 'abroad', title: '出国（境）暂留', width: 110, align: 'right', cell: (r) => r.abroad, total: (t) => t.totalAbroad },
  ]
}

/** A small table of counts (项目 and the unit), with its total when it has one. */
function CellsCard({ title, unit, cells, total }: { title: string; unit: string; cells: StatsCell[]; total?: number }) {
  const columns: ReportColumn<StatsCell, number>[] = [
    { key: 'label', title: '项目', lead: true, cell: (c) => c.label },
    { key: 'count', title: unit, width: 90, align: 'right', cell: (c) => c.count, total: (n) => n },
  ]
  return (
    <Card size="small" title={title}>
      <ReportTable<StatsCell, number> bordered={false} pagination={false} rowKey="key" rows={cells} columns={columns} total={total} />
    </Card>
  )
}

function StatsView({ q }: { q: StatsQuery }) {
  const stats = useQuery({ queryKey: ['zzgx', 'stats', q], queryFn: () => getStats(q) })
  if (stats.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (stats.isError || !stats.data) {
    return <ReportFailed what="转接统计" retry={() => void stats.refetch()} />
  }
  const s = stats.data
  const done = s.kinds.reduce((n, k) => n + k.count, 0)
  return (
    <>
      <Row gutter={48} style={{ marginBottom: 16 }}>
        <Col>
          <Statistic title={`${s.year}年转入`} value={s.totalIn} suffix="人次" />
        </Col>
        <Col>
          <Statistic title={`${s.year}年转出`} value={s.totalOut} suffix="人次" />
        </Col>
        <Col>
          <Statistic title={`${s.year}年出国（境）暂留`} value={s.totalAbroad} suffix="人次" />
        </Col>
        <Col>
          <Statistic title="办结的转接" value={done} suffix="件" />
        </Col>
      </Row>
      {done === 0 ? (
        <Empty description={`${s.year}年没有办结的组织关系转接`} />
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} lg={8}>
              <CellsCard title="按类型" unit="件数" cells={s.kinds} />
            </Col>
            <Col xs={24} lg={8}>
              <CellsCard title="转入（来源）" unit="人次" cells={s.in} total={s.totalIn} />
            </Col>
            <Col xs={24} lg={8}>
              <CellsCard title="转出（去向；出国（境）暂留不计入转出）" unit="人次" cells={s.out} total={s.totalOut} />
            </Col>
          </Row>
          <Typography.Title level={5}>按二级党委</Typography.Title>
          <ReportTable<CommitteeRow, Stats> pagination={false} rowKey="orgId" rows={s.committees} columns={committeeColumns(s)} total={s} scroll={{ x: 1500 }} />
        </>
      )}
    </>
  )
}

/**
 * 转接统计: the organisation relation transfers completed in a year within the caller's scope or an
 * organisation of it — by kind, moves in by where from and out by destination (省内, 省外, 系统外, 校内 …),
 * and per secondary committee; exported as xlsx. The organisation department also imports transfers
 * done on paper here.
 */
export default function TransferStatsPage() {
  const filters = useReportFilters()
  const queries = useQueryClient()
  const q = filters.query
  return (
    <ReportPage
      filters={filters}
      exports={{ label: '导出统计表', run: () => exportStats(q) }}
      extra={
        <ImportButton need={PERM.zzgxImport} kind="zzgx" title="已办结的组织关系转接（纸质办理）" onDone={() => void queries.invalidateQueries({ queryKey: ['zzgx', 'stats'] })} />
      }
    >
      <StatsView q={q} />
    </ReportPage>
  )
}
