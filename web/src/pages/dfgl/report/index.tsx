import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Checkbox, DatePicker, Select, Space, Table, Tabs, Tag, Typography } from 'antd'
import type { ColumnsType, TableProps } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { totalText } from '@/components/pagerTotal'
import {
  exportLedger,
  exportOrgReport,
  getArrears,
  getLedger,
  getMembers,
  getOrgReport,
  rate,
  RATE_BY_AMOUNT,
  RATE_BY_PEOPLE,
  yuan,
  type Arrear,
  type FeeQuery,
  type Figures,
  type LedgerRow,
  type MemberRow,
  type OrgRow,
} from './api'

const money = (v: number) => yuan(v)

/** The figures' columns, shared by the organisation and member tables. */
function figureColumns<T extends Figures>(): ColumnsType<T> {
  return [
    { title: '应缴人次', dataIndex: 'months', width: 90, align: 'right' },
    { title: '未缴人次', dataIndex: 'unpaidMonths', width: 90, align: 'right' },
    { title: '应缴（元）', dataIndex: 'dueFen', width: 120, align: 'right', render: money },
    { title: '实缴（元）', dataIndex: 'paidFen', width: 120, align: 'right', render: money },
    { title: '欠缴（元）', dataIndex: 'outstandingFen', width: 120, align: 'right', render: money },
    { title: RATE_BY_AMOUNT, dataIndex: 'rateBp', width: 100, align: 'right', render: rate },
    { title: RATE_BY_PEOPLE, dataIndex: 'peopleRateBp', width: 100, align: 'right', render: rate },
  ]
}

function failed(what: string, retry: () => void) {
  return <Alert type="error" showIcon title={`${what}加载失败`} action={<Button onClick={retry}>重试</Button>} />
}

/** 组织汇总: the lines of the organisations below the one chosen (a line with organisations below opens them). */
function OrgView({ q, onOpen, onBack }: { q: FeeQuery; onOpen: (id: number) => void; onBack?: () => void }) {
  const report = useQuery({ queryKey: ['dfgl', 'report', 'orgs', q], queryFn: () => getOrgReport(q), placeholderData: keepPreviousData })
  if (report.isError) return failed('党费统计', () => void report.refetch())
  const r = report.data
  const columns: ColumnsType<OrgRow> = [
    {
      title: '党组织',
      dataIndex: 'orgName',
      render: (name: string, row) =>
        row.hasChildren ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(row.orgId)} aria-label={`查看${name}下级`}>
            {name}
          </Button>
        ) : (
          name
        ),
    },
    { title: '党员人数', dataIndex: 'members', width: 90, align: 'right' },
    ...figureColumns<OrgRow>(),
  ]
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        {onBack && (
          <Button size="small" icon={<ArrowLeftOutlined />} onClick={onBack}>
            返回上级
          </Button>
        )}
        {r && <Typography.Text strong>{r.orgName || '管理范围内党组织'}</Typography.Text>}
      </Space>
      <Table<OrgRow>
        size="small"
        bordered
        rowKey="orgId"
        loading={report.isLoading}
        dataSource={r?.rows ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: '没有下级党组织' }}
        summary={() =>
          r ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">{r.total.members}</Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">{r.total.months}</Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">{r.total.unpaidMonths}</Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">{yuan(r.total.dueFen)}</Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">{yuan(r.total.paidFen)}</Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">{yuan(r.total.outstandingFen)}</Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">{rate(r.total.rateBp)}</Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">{rate(r.total.peopleRateBp)}</Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  )
}

function usePager(size = 20) {
  const [page, setPage] = useState(0)
  const [pageSize, setPageSize] = useState(size)
  return {
    page,
    size: pageSize,
    reset: () => setPage(0),
    pagination: (total: number) => ({
      current: page + 1,
      pageSize,
      total,
      showSizeChanger: true,
      showTotal: (n: number) => totalText(n, false, '人'),
      onChange: (p: number, s: number) => {
        setPage(s === pageSize ? p - 1 : 0)
        setPageSize(s)
      },
    }),
  }
}

/** A report's table of members, paged by the server through pager. */
function MemberTable<T extends { memberId: number }>({
  pager,
  rows,
  total,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'pagination' | 'rowKey'> & { pager: ReturnType<typeof usePager>; rows?: T[]; total?: number }) {
  return <Table<T> size="small" bordered rowKey="memberId" dataSource={rows ?? []} pagination={pager.pagination(total ?? 0)} {...table} />
}

/** 党员明细: each member's figures over the period. */
function MemberView({ q }: { q: FeeQuery }) {
  const [unpaid, setUnpaid] = useState(false)
  const pager = usePager()
  const list = useQuery({
    queryKey: ['dfgl', 'report', 'members', q, unpaid, pager.page, pager.size],
    queryFn: () => getMembers({ ...q, unpaid, page: pager.page, size: pager.size }),
    placeholderData: keepPreviousData,
  })
  if (list.isError) return failed('党员党费统计', () => void list.refetch())
  const columns: ColumnsType<MemberRow> = [
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '所在党组织', dataIndex: 'orgName', ellipsis: true },
    ...figureColumns<MemberRow>(),
  ]
  return (
    <>
      <Checkbox
        checked={unpaid}
        onChange={(e) => {
          setUnpaid(e.target.checked)
          pager.reset()
        }}
        style={{ marginBottom: 12 }}
      >
        只看有未缴月份的党员
      </Checkbox>
      <MemberTable<MemberRow> pager={pager} rows={list.data?.content} total={list.data?.totalElements} loading={list.isLoading} columns={columns} />
    </>
  )
}

const LEVELS: Record<string, { color: string; text: string }> = {
  warn: { color: 'red', text: '警示：连续6个月及以上未缴（视为自行脱党）' },
  remind: { color: 'orange', text: '提醒：连续多月未缴' },
}

/** 欠缴党员: the members with a run of unpaid months (the reminder's months and more). */
function ArrearsView({ orgId }: { orgId?: number | null }) {
  const pager = usePager()
  const list = useQuery({
    queryKey: ['dfgl', 'report', 'arrears', orgId, pager.page, pager.size],
    queryFn: () => getArrears({ orgId, page: pager.page, size: pager.size }),
    placeholderData: keepPreviousData,
  })
  if (list.isError) return failed('欠缴党员', () => void list.refetch())
  const columns: ColumnsType<Arrear> = [
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '所在党组织', dataIndex: 'orgName', ellipsis: true },
    { title: '连续未缴（月）', dataIndex: 'months', width: 120, align: 'right' },
    { title: '起止月份', key: 'span', width: 170, render: (_v, r) => `${r.since} 至 ${r.latest}` },
    { title: '欠缴（元）', dataIndex: 'outstandingFen', width: 120, align: 'right', render: money },
    {
      title: '状态',
      dataIndex: 'level',
      width: 320,
      render: (l: string) => (LEVELS[l] ? <Tag color={LEVELS[l].color}>{LEVELS[l].text}</Tag> : null),
    },
  ]
  return (
    <>
      <Typography.Paragraph type="secondary">
        连续未缴只计已经结束的月份：当月仍在缴费期内，不计入；预备党员接收时补记的支部大会以来各月（补交）也不计入。
      </Typography.Paragraph>
      <MemberTable<Arrear>
        pager={pager}
        rows={list.data?.content}
        total={list.data?.totalElements}
        loading={list.isLoading}
        columns={columns}
        locale={{ emptyText: '没有连续欠缴党费的党员' }}
      />
    </>
  )
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i)

/** 收缴台账: an organisation's members × the 12 months (due and paid), with totals. */
function LedgerView({ q }: { q: FeeQuery }) {
  const pager = usePager(50)
  const ledger = useQuery({
    queryKey: ['dfgl', 'report', 'ledger', q.year, q.orgId, pager.page, pager.size],
    queryFn: () => getLedger({ ...q, page: pager.page, size: pager.size }),
    enabled: !!q.orgId,
    placeholderData: keepPreviousData,
  })
  if (!q.orgId) return <Alert type="info" showIcon title="请选择党组织（一般为党支部）后查看其党费收缴台账" />
  if (ledger.isError) return failed('党费收缴台账', () => void ledger.refetch())
  const columns: ColumnsType<LedgerRow> = [
    { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
    ...MONTHS.map((m) => ({
      title: `${m + 1}月`,
      children: [
        { title: '应缴', key: `d${m}`, width: 80, align: 'right' as const, render: (_v: unknown, r: LedgerRow) => yuan(r.due[m]) },
        { title: '实缴', key: `p${m}`, width: 80, align: 'right' as const, render: (_v: unknown, r: LedgerRow) => yuan(r.paid[m]) },
      ],
    })),
    { title: '全年应缴', dataIndex: 'dueFen', width: 100, align: 'right', render: money },
    { title: '全年实缴', dataIndex: 'paidFen', width: 100, align: 'right', render: money },
    { title: '欠缴', dataIndex: 'outstandingFen', width: 100, align: 'right', render: money },
  ]
  const t = ledger.data?.total
  return (
    <MemberTable<LedgerRow>
      pager={pager}
      rows={ledger.data?.rows}
      total={ledger.data?.totalElements}
      loading={ledger.isLoading}
      columns={columns}
      scroll={{ x: 2400 }}
      summary={() =>
        t ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            {MONTHS.flatMap((m) => [
              <Table.Summary.Cell key={`d${m}`} index={1 + m * 2} align="right">{yuan(t.due[m])}</Table.Summary.Cell>,
              <Table.Summary.Cell key={`p${m}`} index={2 + m * 2} align="right">{yuan(t.paid[m])}</Table.Summary.Cell>,
            ])}
            <Table.Summary.Cell index={25} align="right">{yuan(t.dueFen)}</Table.Summary.Cell>
            <Table.Summary.Cell index={26} align="right">{yuan(t.paidFen)}</Table.Summary.Cell>
            <Table.Summary.Cell index={27} align="right">{yuan(t.outstandingFen)}</Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  )
}

const TABS = ['orgs', 'members', 'arrears', 'ledger'] as const

/**
 * 党费报表: per organisation level (the organisations below the one chosen, drilling down from the
 * university to its 二级党委 and branches), per member, the members in arrears (reminders at 3 months,
 * warnings at 6) and the fee ledger of a branch; the year or one month, the caller's scope. The finance
 * office's workbooks export from here. `?tab=arrears&orgId=` opens a tab (reminders link here).
 */
export default function FeeReportPage() {
  const { message } = App.useApp()
  const [params, setParams] = useSearchParams()
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as (typeof TABS)[number]) : 'orgs'
  const linkedOrg = Number(params.get('orgId')) || null
  const [year, setYear] = useState<Dayjs>(() => dayjs())
  const [month, setMonth] = useState<number | null>(null)
  const [orgId, setOrgId] = useState<number | null>(linkedOrg)
  const [trail, setTrail] = useState<(number | null)[]>([])
  const [busy, setBusy] = useState(false)
  const q = useMemo<FeeQuery>(() => ({ year: year.year(), month, orgId }), [year, month, orgId])

  const download = async () => {
    setBusy(true)
    try {
      await (tab === 'ledger' ? exportLedger(q) : exportOrgReport(q))
    } catch {
      void message.error('导出失败，请稍后重试')
    } finally {
      setBusy(false)
    }
  }
  const choose = (id: number | null) => {
    setTrail([])
    setOrgId(id)
  }

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>年度</Typography.Text>
        <DatePicker picker="year" allowClear={false} value={year} onChange={(v) => v && setYear(v)} aria-label="年度" />
        <Typography.Text>月份</Typography.Text>
        <Select
          aria-label="月份"
          style={{ width: 110 }}
          value={month ?? 0}
          onChange={(v) => setMonth(v || null)}
          options={[{ value: 0, label: '全年' }, ...MONTHS.map((m) => ({ value: m + 1, label: `${m + 1}月` }))]}
        />
        <Typography.Text>党组织</Typography.Text>
        <OrgTreeSelect value={orgId} onChange={(v) => choose(typeof v === 'number' ? v : null)} placeholder="全部（管理范围内）" style={{ width: 280 }} />
        {(tab === 'orgs' || tab === 'ledger') && (
          <Button icon={<DownloadOutlined />} loading={busy} disabled={tab === 'ledger' && !orgId} onClick={() => void download()}>
            {tab === 'ledger' ? '导出收缴台账' : '导出统计表'}
          </Button>
        )}
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k, ...(orgId ? { orgId: String(orgId) } : {}) }, { replace: true })}
        items={[
          {
            key: 'orgs',
            label: '组织汇总',
            children: (
              <OrgView
                q={q}
                onOpen={(id) => {
                  setTrail((t) => [...t, orgId])
                  setOrgId(id)
                }}
                onBack={
                  trail.length > 0
                    ? () => {
                        setOrgId(trail[trail.length - 1])
                        setTrail((t) => t.slice(0, -1))
                      }
                    : undefined
                }
              />
            ),
          },
          { key: 'members', label: '党员明细', children: <MemberView q={q} /> },
          { key: 'arrears', label: '欠缴党员', children: <ArrearsView orgId={orgId} /> },
          { key: 'ledger', label: '收缴台账', children: <LedgerView q={{ ...q, month: null }} /> },
        ]}
      />
    </Card>
  )
}
