import { useQuery } from '@tanstack/react-query'
import { Card, Col, Empty, Row, Spin, Statistic, Tabs } from 'antd'
import type { EChartsCoreOption } from 'echarts/core'
import { useState } from 'react'
import { openPrintView } from '@/app/router/print'
import EChart from '@/components/chart/EChart'
import ReportPage, { ReportFailed, reportParams, useReportFilters, type ReportQuery } from '@/components/report/ReportPage'
import ReportTable, { type ReportColumn } from '@/components/report/ReportTable'
import { DIMENSIONS, exportRegister, exportYearly, getRegister, getYearly, type RegisterRow, type Yearly, type YearlyCell } from './api'

/** One dimension's counts as bars (zeros kept: a band nobody is in is a figure too). */
export function barOption(cells: readonly YearlyCell[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)}人` },
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: cells.map((c) => c.label), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', barMaxWidth: 36, label: { show: true, position: 'top' }, data: cells.map((c) => c.count) }],
  }
}

/** The register's columns (the print view shows the same rows). */
export const registerColumns: ReportColumn<RegisterRow>[] = [
  { key: 'n', title: '序号', width: 56, cell: (_r, i) => i + 1 },
  ...(
    [
      ['name', '姓名', 90],
      ['genderLabel', '性别', 56],
      ['ethnicityLabel', '民族', 80],
      ['birthDate', '出生日期', 110],
      ['educationLabel', '学历', 120],
      ['personCategoryLabel', '人员类别', 100],
      ['orgName', '所在党支部', 200],
      ['appliedOn', '递交申请', 110],
      ['activistOn', '确定积极分子', 110],
      ['targetOn', '确定发展对象', 110],
      ['admittedOn', '支部大会', 110],
      ['approvedOn', '上级党委审批', 110],
      ['volunteerNo', '志愿书编号', 120],
      ['sponsors', '入党介绍人', 150],
    ] as const
  ).map(([key, title, width]) => ({ key, title, width, ellipsis: key === 'orgName', cell: (r: RegisterRow) => r[key] })),
]

/** A line of the yearly table: 分类 / 项目 / 人数, each dimension's first line spanning its others. */
interface YearlyLine {
  key: string
  dimension: string
  span: number
  label: string
  count: number
}

function yearlyLines(y: Yearly): YearlyLine[] {
  return DIMENSIONS.flatMap((d) =>
    y[d.key].map((c, i) => ({ key: `${d.key}/${c.key}`, dimension: d.title, span: i === 0 ? y[d.key].length : 0, label: c.label, count: c.count })),
  )
}

const yearlyColumns: ReportColumn<YearlyLine, Yearly>[] = [
  { key: 'dimension', title: '分类', width: 140, lead: true, rowSpan: (l) => l.span, cell: (l) => l.dimension },
  { key: 'label', title: '项目', lead: true, cell: (l) => l.label },
  { key: 'count', title: '人数', width: 120, align: 'right', cell: (l) => l.count, total: (y) => y.total },
]

const nobody = (year: number) => `${year}年没有经上级党委审批接收的预备党员`

function YearlyView({ q }: { q: ReportQuery }) {
  const yearly = useQuery({ queryKey: ['fzdy', 'reports', 'yearly', q], queryFn: () => getYearly(q) })
  if (yearly.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (yearly.isError || !yearly.data) return <ReportFailed what="年度统计" retry={() => void yearly.refetch()} />
  const y = yearly.data
  return (
    <>
      <Statistic title={`${y.year}年发展党员`} value={y.total} suffix="人" style={{ marginBottom: 16 }} />
      {y.total === 0 ? (
        <Empty description={nobody(y.year)} />
      ) : (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {DIMENSIONS.map((d) => (
            <Col key={d.key} xs={24} lg={12} xxl={8}>
              <Card size="small" title={d.title}>
                <EChart label={`按${d.title}统计`} option={barOption(y[d.key])} height={220} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <ReportTable<YearlyLine, Yearly> pagination={false} rowKey="key" rows={yearlyLines(y)} columns={yearlyColumns} total={y} />
    </>
  )
}

function RegisterView({ q }: { q: ReportQuery }) {
  const register = useQuery({ queryKey: ['fzdy', 'reports', 'register', q], queryFn: () => getRegister(q) })
  if (register.isError) return <ReportFailed what="发展党员名册" retry={() => void register.refetch()} />
  return (
    <ReportTable<RegisterRow>
      rowKey="id"
      loading={register.isLoading}
      rows={register.data ?? []}
      columns={registerColumns}
      scroll={{ x: 1700 }}
      pagination={{ defaultPageSize: 50, showTotal: (n) => `共 ${n} 人` }}
      empty={nobody(q.year)}
    />
  )
}

/**
 * 发展统计: the members developed in a year (接收预备党员 approved at ⑰) within the caller's scope or an
 * organisation of it: the yearly table by gender, ethnicity, age, education and category (charts and
 * table) and the 发展党员名册; each exported as xlsx, the register also printed.
 */
export default function DevelopReportPage() {
  const filters = useReportFilters()
  const [tab, setTab] = useState('yearly')
  const q = filters.query
  return (
    <ReportPage
      filters={filters}
      exports={tab === 'yearly' ? { label: '导出统计表', run: () => exportYearly(q) } : { label: '导出名册', run: () => exportRegister(q) }}
      print={{ label: '打印名册', open: () => openPrintView('devRegister', reportParams(q)) }}
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'yearly', label: '年度统计', children: <YearlyView q={q} /> },
          { key: 'register', label: '发展党员名册', children: <RegisterView q={q} /> },
        ]}
      />
    </ReportPage>
  )
}
