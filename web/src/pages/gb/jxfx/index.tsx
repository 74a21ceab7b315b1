import { DownloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Empty, List, Row, Select, Space, Spin, Statistic, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { GRADES, type CadreTrend, type Comparison, type RoundAnalysis, type UnitDistribution } from '@/api/generated/cadreAssess'
import { PERM } from '@/api/permissions'
import { failureText } from '@/api/request'
import EChart from '@/components/chart/EChart'
import { useHasPermission } from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { searchCadres } from '@/pages/gb/zsgl/api'
import { roundsWithResults } from '../kh/api'
import { cadreTrend, exportRoundAnalysis, roundAnalysis } from './api'
import { bandBars, gradePie, standings, teamBars, trendLine, type Standing } from './charts'

const unitColumns = [
  { key: 'n', title: '序号', width: 60, render: (_: unknown, _u: UnitDistribution, i: number) => i + 1 },
  { key: 'unitName', title: '单位', dataIndex: 'unitName', ellipsis: true },
  { key: 'cadres', title: '参评干部', dataIndex: 'cadres', width: 90, align: 'right' as const },
  { key: 'scored', title: '有效得分', dataIndex: 'scored', width: 90, align: 'right' as const },
  { key: 'average', title: '平均分', width: 90, align: 'right' as const, render: (_: unknown, u: UnitDistribution) => u.average ?? '-' },
  ...GRADES.map((g, i) => ({ key: g, title: g, width: 90, align: 'right' as const, render: (_: unknown, u: UnitDistribution) => u.grades[i]?.count ?? 0 })),
  { key: 'ungraded', title: '未定等次', dataIndex: 'ungraded', width: 90, align: 'right' as const },
]

/** Strengths and weaknesses side by side, each with its score against the average. */
function Standings({ c, of }: { c: Comparison; of: string }) {
  const { strengths, weaknesses } = standings(c)
  const list = (title: string, color: string, items: Standing[], none: string) => (
    <Col xs={24} md={12}>
      <List<Standing>
        size="small"
        header={<Typography.Text strong>{title}</Typography.Text>}
        locale={{ emptyText: none }}
        dataSource={items}
        renderItem={(s) => (
          <List.Item>
            <Space>
              <Tag color={color}>{s.name}</Tag>
              <span>{of} {s.score}，全校平均 {s.average}（{s.diff}）</span>
            </Space>
          </List.Item>
        )}
      />
    </Col>
  )
  return (
    <Row gutter={16}>
      {list('优势指标（高于全校平均）', 'green', strengths, '没有高于全校平均的指标')}
      {list('短板指标（低于全校平均）', 'orange', weaknesses, '没有低于全校平均的指标')}
    </Row>
  )
}

/** A unit's team against the whole round, per top-level indicator. */
function TeamView({ roundId, units }: { roundId: number; units: UnitDistribution[] }) {
  const [unitId, setUnitId] = useState<number | null>(null)
  const q = useQuery({ queryKey: ['gbkh', 'analysis', roundId, unitId], queryFn: () => roundAnalysis(roundId, unitId), enabled: !!unitId })
  const unitName = units.find((u) => u.unitId === unitId)?.unitName ?? ''
  return (
    <Card size="small" title="单位班子与全校对比" style={{ marginTop: 16 }}
      extra={<Select aria-label="单位" allowClear placeholder="选择单位" style={{ width: 240 }} value={unitId} onChange={(v) => setUnitId(v ?? null)}
        options={units.map((u) => ({ value: u.unitId, label: u.unitName }))} />}>
      {!unitId ? (
        <Empty description="选择单位，查看该单位班子各项一级指标平均分与全校的对比" />
      ) : q.isLoading ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : q.data?.team ? (
        <>
          <EChart label={`${unitName}班子与全校各指标平均分对比`} option={teamBars(q.data.team, unitName)} height={280} />
          <Standings c={q.data.team} of="本单位" />
        </>
      ) : (
        <Alert type="error" showIcon title="单位对比加载失败，请稍后重试" />
      )}
    </Card>
  )
}

/** A cadre over the years: scores and grades, and the latest round's strengths and weaknesses. */
function CadreView() {
  const [cadreId, setCadreId] = useState<number | null>(null)
  const q = useQuery<CadreTrend, Error>({
    queryKey: ['gbkh', 'analysis', 'cadre', cadreId],
    queryFn: () => cadreTrend(cadreId!).catch(async (e: unknown) => Promise.reject(new Error(await failureText(e)))),
    enabled: !!cadreId,
    retry: false,
  })
  const latest = q.data?.rounds.at(-1)
  return (
    <Card size="small" title="干部个人绩效" style={{ marginTop: 16 }}
      extra={<RemoteSelect value={cadreId} onChange={setCadreId} search={searchCadres} placeholder="输入姓名搜索干部" emptyText="没有找到干部" style={{ width: 300 }} />}>
      {!cadreId ? (
        <Empty description="选择干部，查看其历年考核得分与等次、各项指标的优势与短板" />
      ) : q.isLoading ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : q.isError ? (
        <Empty description={q.error.message} />
      ) : q.data && latest ? (
        <>
          <EChart label={`${q.data.name}历年综合得分`} option={trendLine(q.data.rounds)} height={260} />
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey="roundId"
            dataSource={q.data.rounds}
            columns={[
              { key: 'year', title: '年度', dataIndex: 'year', width: 80 },
              { key: 'roundName', title: '考核', dataIndex: 'roundName', ellipsis: true },
              { key: 'unitName', title: '单位及职务', render: (_, r) => [r.unitName, r.post].filter(Boolean).join(' · ') },
              { key: 'score', title: '综合得分', width: 100, align: 'right', render: (_, r) => r.score ?? '-' },
              { key: 'rank', title: '排名', width: 100, align: 'right', render: (_, r) => (r.rank ? `${r.rank}/${r.ranked}` : '-') },
              { key: 'grade', title: '等次', dataIndex: 'grade', width: 100, render: (g: string) => g || '未定等次' },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {latest.year}年「{latest.roundName}」各项一级指标与全体参评干部平均分比较：
          </Typography.Paragraph>
          <Standings c={q.data} of="本人" />
        </>
      ) : null}
    </Card>
  )
}

function RoundView({ a }: { a: RoundAnalysis }) {
  const s = a.school
  return (
    <>
      <Space size={48} style={{ marginBottom: 16 }}>
        <Statistic title="参评干部" value={s.cadres} suffix="人" />
        <Statistic title="有效得分" value={s.scored} suffix="人" />
        <Statistic title="全校平均分" value={s.average ?? '-'} />
      </Space>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title="全校等次分布">
            <EChart label="全校考核等次分布" option={gradePie(s)} height={260} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="全校得分分段">
            {s.scored === 0 ? <Empty description="本次考核没有有效得分" /> : <EChart label="全校综合得分分段人数" option={bandBars(s)} height={260} />}
          </Card>
        </Col>
      </Row>
      <Table<UnitDistribution>
        size="small"
        bordered
        rowKey="unitId"
        dataSource={a.units}
        columns={unitColumns}
        locale={{ emptyText: '管理范围内没有参加本次考核的单位' }}
        pagination={{ defaultPageSize: 50, showTotal: (n) => `共 ${n} 个单位` }}
      />
      <TeamView key={a.roundId} roundId={a.roundId} units={a.units} />
    </>
  )
}

/**
 * 绩效分析: a counted or confirmed round's grade and score distributions school-wide and per unit (export),
 * a unit's team against the school by indicator, and a cadre's scores and grades over the years.
 */
export default function PerformancePage() {
  const { message } = App.useApp()
  const canExport = useHasPermission([PERM.gbkhExport])
  const rounds = useQuery({ queryKey: ['gbkh', 'rounds', 'results'], queryFn: roundsWithResults })
  const [picked, setPicked] = useState<number | undefined>()
  const [busy, setBusy] = useState(false)
  const id = picked ?? rounds.data?.[0]?.id
  const analysis = useQuery({ queryKey: ['gbkh', 'analysis', id, null], queryFn: () => roundAnalysis(id!, null), enabled: !!id })
  if (rounds.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />
  if (rounds.isError) return <Alert type="error" showIcon style={{ margin: 16 }} title="考核列表加载失败，请稍后重试" />
  const download = (a: RoundAnalysis) => {
    setBusy(true)
    exportRoundAnalysis(a.roundId, a.name)
      .catch(() => void message.error('导出失败，请稍后重试'))
      .finally(() => setBusy(false))
  }
  return (
    <Card variant="borderless">
      {!rounds.data?.length ? (
        <Empty description="还没有已结束测评的干部考核：在「干部考核」中结束测评后，这里显示等次分布和各单位对比" />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            <Typography.Text>考核</Typography.Text>
            <Select aria-label="考核" style={{ width: 360 }} value={id} onChange={setPicked}
              options={rounds.data.map((r) => ({ value: r.id, label: `${r.year} · ${r.name}（${r.stateName}）` }))} />
            {canExport && analysis.data && (
              <Button icon={<DownloadOutlined />} loading={busy} onClick={() => download(analysis.data)}>导出各单位分布</Button>
            )}
          </Space>
          {analysis.isLoading ? (
            <Spin style={{ display: 'block', margin: 48 }} />
          ) : analysis.data ? (
            <RoundView a={analysis.data} />
          ) : (
            <Alert type="error" showIcon title="考核分布加载失败，请稍后重试" />
          )}
        </>
      )}
      <CadreView />
    </Card>
  )
}
