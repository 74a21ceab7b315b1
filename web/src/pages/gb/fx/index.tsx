import { DownloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Empty, Row, Space, Spin, Statistic, Table, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import EChart from '@/components/chart/EChart'
import { useHasPermission } from '@/components/Permission'
import UnitSelect from '@/components/unit/UnitSelect'
import { exportStructure, exportUnits, getStructure, getUnits, type Dimension, type Structure, type UnitLine } from './api'
import { chartOption, share } from './charts'

function useDownload() {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const run = (f: () => Promise<unknown>) => {
    setBusy(true)
    f()
      .catch(() => void message.error('导出失败，请稍后重试'))
      .finally(() => setBusy(false))
  }
  return { busy, run }
}

function Failed({ what, retry }: { what: string; retry: () => void }) {
  return <Alert type="error" showIcon title={`${what}加载失败`} action={<Button onClick={retry}>重试</Button>} />
}

interface Line {
  key: string
  dimension: string
  span: number
  label: string
  count: number
}

const lines = (s: Structure): Line[] =>
  s.dimensions.flatMap((d: Dimension) =>
    d.cells.map((c, i) => ({ key: `${d.key}/${c.key}`, dimension: d.title, span: i === 0 ? d.cells.length : 0, label: c.label, count: c.count })),
  )

/** 干部队伍结构: key numbers, a chart per dimension and the table of every item. */
export function StructureView({ unitId }: { unitId: number | null }) {
  const q = useQuery({ queryKey: ['gbfx', 'structure', unitId], queryFn: () => getStructure(unitId) })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (q.isError || !q.data) return <Failed what="干部队伍结构" retry={() => void q.refetch()} />
  const s = q.data
  if (s.total === 0) return <Empty description={unitId ? '该单位没有现任干部（或不在您的管理范围内）' : '管理范围内没有现任干部'} />
  return (
    <>
      <Space size={48} style={{ marginBottom: 16 }}>
        <Statistic title="现任干部" value={s.total} suffix="人" />
        <Statistic title="平均年龄" value={s.averageAge} precision={1} suffix="岁" />
        <Typography.Text type="secondary">统计日期：{s.day}（年龄、任现职年限按此日计算）</Typography.Text>
      </Space>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {s.dimensions.map((d) => (
          <Col key={d.key} xs={24} lg={12} xxl={8}>
            <Card size="small" title={`按${d.title}`}>
              {d.cells.length === 0 ? <Empty description={`没有${d.title}数据`} /> : <EChart label={`干部按${d.title}统计`} option={chartOption(d.key, d.cells)} height={240} />}
            </Card>
          </Col>
        ))}
      </Row>
      <Table<Line>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        dataSource={lines(s)}
        columns={[
          { key: 'dimension', title: '分类', width: 140, onCell: (l) => ({ rowSpan: l.span }), render: (_, l) => l.dimension },
          { key: 'label', title: '项目', dataIndex: 'label' },
          { key: 'count', title: '人数', dataIndex: 'count', width: 100, align: 'right' },
          { key: 'share', title: '占比', width: 100, align: 'right', render: (_, l) => share(l.count, s.total) },
        ]}
      />
    </>
  )
}

const unitColumns = [
  { key: 'n', title: '序号', width: 60, render: (_: unknown, _r: UnitLine, i: number) => i + 1 },
  { key: 'unitName', title: '单位', dataIndex: 'unitName', ellipsis: true },
  ...(
    [
      ['total', '干部总数'],
      ['school', '校领导'],
      ['division', '处级'],
      ['section', '科级'],
      ['women', '女干部'],
      ['cpc', '中共党员'],
      ['under40', '40岁及以下'],
      ['graduate', '研究生学历'],
    ] as const
  ).map(([key, title]) => ({ key, title, dataIndex: key, width: 100, align: 'right' as const })),
]

function UnitsView() {
  const q = useQuery({ queryKey: ['gbfx', 'units'], queryFn: getUnits })
  if (q.isError) return <Failed what="各单位干部结构" retry={() => void q.refetch()} />
  return (
    <Table<UnitLine>
      size="small"
      bordered
      rowKey="unitId"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      columns={unitColumns}
      locale={{ emptyText: '管理范围内没有现任干部' }}
      pagination={{ defaultPageSize: 50, showTotal: (n) => `共 ${n} 个单位` }}
    />
  )
}

/**
 * 干部分析: 干部队伍结构分析 of the serving cadres in the caller's scope, school-wide or of one unit (age,
 * gender, level, education, degree, title, ethnicity, party membership, years in post), and the table
 * per unit; each exported as xlsx.
 */
export default function CadreAnalysisPage() {
  const [tab, setTab] = useState('structure')
  const [unitId, setUnitId] = useState<number | null>(null)
  const canExport = useHasPermission([PERM.gbfxExport])
  const download = useDownload()
  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        {tab === 'structure' && (
          <>
            <Typography.Text>单位</Typography.Text>
            <UnitSelect value={unitId} onChange={setUnitId} placeholder="全校（管理范围内）" style={{ width: 280 }} />
          </>
        )}
        {canExport && (
          <Button icon={<DownloadOutlined />} loading={download.busy} onClick={() => download.run(tab === 'structure' ? () => exportStructure(unitId) : exportUnits)}>
            {tab === 'structure' ? '导出结构分析' : '导出各单位统计'}
          </Button>
        )}
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'structure', label: '队伍结构', children: <StructureView unitId={unitId} /> },
          { key: 'units', label: '各单位统计', children: <UnitsView /> },
        ]}
      />
    </Card>
  )
}
