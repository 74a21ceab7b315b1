import { DownloadOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Empty, Row, Spin, Statistic, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { useMemo, useState } from 'react'
import { PERM } from '@/api/permissions'
import { ImportButton } from '@/components/crud'
import ReportBar, { useDownload } from '@/components/report/ReportBar'
import { exportStats, getStats, type CommitteeRow, type Stats, type StatsCell, type StatsQuery } from './api'

/** The committees' table: a column per way in and out, then the totals, then 出国（境）暂留 (not 转出); the last line sums them. */
export function committeeColumns(s: Stats): ColumnsType<CommitteeRow> {
  const counts = (cells: StatsCell[]) =>
    cells.map((c) => ({ title: c.label, key: c.key, width: 96, align: 'right' as const, render: (_: unknown, r: CommitteeRow) => r.counts[c.key] ?? 0 }))
  return [
    { title: '二级党委', dataIndex: 'orgName', width: 200, fixed: 'left' },
    { title: '转入', children: [...counts(s.in), { title: '合计', dataIndex: 'in', width: 80, align: 'right' }] },
    { title: '转出', children: [...counts(s.out), { title: '合计', dataIndex: 'out', width: 80, align: 'right' }] },
    { title: '出国（境）暂留', dataIndex: 'abroad', width: 110, align: 'right' },
  ]
}

function CellsCard({ title, unit, cells, total }: { title: string; unit: string; cells: StatsCell[]; total?: number }) {
  return (
    <Card size="small" title={title}>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={cells}
        columns={[
          { title: '项目', dataIndex: 'label' },
          { title: unit, dataIndex: 'count', width: 90, align: 'right' },
        ]}
        summary={
          total === undefined
            ? undefined
            : () => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {total}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )
        }
      />
    </Card>
  )
}

function StatsView({ q }: { q: StatsQuery }) {
  const stats = useQuery({ queryKey: ['zzgx', 'stats', q], queryFn: () => getStats(q) })
  if (stats.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (stats.isError || !stats.data) {
    return <Alert type="error" showIcon title="转接统计加载失败" action={<Button onClick={() => void stats.refetch()}>重试</Button>} />
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
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey="orgId"
            dataSource={s.committees}
            columns={committeeColumns(s)}
            scroll={{ x: 1500 }}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                {[...s.in, { key: 'in', count: s.totalIn }, ...s.out, { key: 'out', count: s.totalOut }, { key: 'abroad', count: s.totalAbroad }].map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                    {c.count}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )}
          />
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
  const [year, setYear] = useState<Dayjs>(() => dayjs())
  const [orgId, setOrgId] = useState<number | null>(null)
  const queries = useQueryClient()
  const q = useMemo<StatsQuery>(() => ({ year: year.year(), orgId }), [year, orgId])
  const download = useDownload(() => exportStats(q))

  return (
    <Card variant="borderless">
      <ReportBar year={year} onYear={setYear} orgId={orgId} onOrg={setOrgId}>
        <Button icon={<DownloadOutlined />} loading={download.busy} onClick={download.run}>
          导出统计表
        </Button>
        <ImportButton need={PERM.zzgxImport} kind="zzgx" title="已办结的组织关系转接（纸质办理）" onDone={() => void queries.invalidateQueries({ queryKey: ['zzgx', 'stats'] })} />
      </ReportBar>
      <StatsView q={q} />
    </Card>
  )
}
