import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, DatePicker, Empty, Row, Space, Spin, Statistic, Table, Tabs, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import type { EChartsCoreOption } from 'echarts/core'
import { useMemo, useState } from 'react'
import { openPrintView } from '@/app/router/print'
import EChart from '@/components/chart/EChart'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { DIMENSIONS, exportRegister, exportYearly, getRegister, getYearly, type RegisterRow, type ReportQuery, type Yearly, type YearlyCell } from './api'

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

/** The register's columns (the print view shows the same). */
export const registerColumns: ColumnsType<RegisterRow> = [
  { title: '序号', key: 'n', width: 56, render: (_v, _r, i) => i + 1 },
  { title: '姓名', dataIndex: 'name', width: 90 },
  { title: '性别', dataIndex: 'genderLabel', width: 56 },
  { title: '民族', dataIndex: 'ethnicityLabel', width: 80 },
  { title: '出生日期', dataIndex: 'birthDate', width: 110 },
  { title: '学历', dataIndex: 'educationLabel', width: 120 },
  { title: '人员类别', dataIndex: 'personCategoryLabel', width: 100 },
  { title: '所在党支部', dataIndex: 'orgName', width: 200, ellipsis: true },
  { title: '递交申请', dataIndex: 'appliedOn', width: 110 },
  { title: '确定积极分子', dataIndex: 'activistOn', width: 110 },
  { title: '确定发展对象', dataIndex: 'targetOn', width: 110 },
  { title: '支部大会', dataIndex: 'admittedOn', width: 110 },
  { title: '上级党委审批', dataIndex: 'approvedOn', width: 110 },
  { title: '志愿书编号', dataIndex: 'volunteerNo', width: 120 },
  { title: '入党介绍人', dataIndex: 'sponsors', width: 150 },
]

/** The yearly table as rows of 分类 / 项目 / 人数, each dimension's first row spanning its others. */
function yearlyRows(y: Yearly) {
  return DIMENSIONS.flatMap((d) =>
    y[d.key].map((c, i) => ({ key: `${d.key}/${c.key}`, dimension: d.title, span: i === 0 ? y[d.key].length : 0, label: c.label, count: c.count })),
  )
}

function YearlyView({ q }: { q: ReportQuery }) {
  const yearly = useQuery({ queryKey: ['fzdy', 'reports', 'yearly', q], queryFn: () => getYearly(q) })
  if (yearly.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (yearly.isError || !yearly.data) {
    return <Alert type="error" showIcon title="年度统计加载失败" action={<Button onClick={() => void yearly.refetch()}>重试</Button>} />
  }
  const y = yearly.data
  return (
    <>
      <Statistic title={`${y.year}年发展党员`} value={y.total} suffix="人" style={{ marginBottom: 16 }} />
      {y.total === 0 ? (
        <Empty description={`${y.year}年没有经上级党委审批接收的预备党员`} />
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
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        dataSource={yearlyRows(y)}
        columns={[
          { title: '分类', dataIndex: 'dimension', width: 140, onCell: (r) => ({ rowSpan: r.span }) },
          { title: '项目', dataIndex: 'label' },
          { title: '人数', dataIndex: 'count', width: 120, align: 'right' },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              合计
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {y.total}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </>
  )
}

function RegisterView({ q }: { q: ReportQuery }) {
  const register = useQuery({ queryKey: ['fzdy', 'reports', 'register', q], queryFn: () => getRegister(q) })
  if (register.isError) {
    return <Alert type="error" showIcon title="发展党员名册加载失败" action={<Button onClick={() => void register.refetch()}>重试</Button>} />
  }
  return (
    <Table
      size="small"
      bordered
      rowKey="id"
      loading={register.isLoading}
      dataSource={register.data ?? []}
      columns={registerColumns}
      scroll={{ x: 1700 }}
      pagination={{ defaultPageSize: 50, showTotal: (n) => `共 ${n} 人` }}
      locale={{ emptyText: `${q.year}年没有经上级党委审批接收的预备党员` }}
    />
  )
}

/**
 * 发展统计: the members developed in a year (接收预备党员 approved at ⑰) within the caller's scope or an
 * organisation of it: the yearly table by gender, ethnicity, age, education and category (charts and
 * table) and the 发展党员名册; each exported as xlsx, the register also printed.
 */
export default function DevelopReportPage() {
  const { message } = App.useApp()
  const [year, setYear] = useState<Dayjs>(() => dayjs())
  const [orgId, setOrgId] = useState<number | null>(null)
  const [tab, setTab] = useState('yearly')
  const [busy, setBusy] = useState(false)
  const q = useMemo<ReportQuery>(() => ({ year: year.year(), orgId }), [year, orgId])

  const download = async () => {
    setBusy(true)
    try {
      await (tab === 'yearly' ? exportYearly(q) : exportRegister(q))
    } catch {
      void message.error('导出失败，请稍后重试')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>年度</Typography.Text>
        <DatePicker picker="year" allowClear={false} value={year} onChange={(v) => v && setYear(v)} aria-label="年度" />
        <Typography.Text>党组织</Typography.Text>
        <OrgTreeSelect value={orgId} onChange={(v) => setOrgId(typeof v === 'number' ? v : null)} placeholder="全部（管理范围内）" style={{ width: 280 }} />
        <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
          {tab === 'yearly' ? '导出统计表' : '导出名册'}
        </Button>
        <Button icon={<PrinterOutlined />} onClick={() => openPrintView('devRegister', { year: q.year, ...(q.orgId ? { orgId: q.orgId } : {}) })}>
          打印名册
        </Button>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'yearly', label: '年度统计', children: <YearlyView q={q} /> },
          { key: 'register', label: '发展党员名册', children: <RegisterView q={q} /> },
        ]}
      />
    </Card>
  )
}
