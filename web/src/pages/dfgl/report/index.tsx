import { ArrowLeftOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Space, Tabs, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import ReportPage, { ReportFailed, useReportFilters } from '@/components/report/ReportPage'
import ReportTable, { type ReportColumn } from '@/components/report/ReportTable'
import { usePagedReport } from '@/components/report/usePagedReport'
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

/** The figures' columns, shared by the organisation and member tables (the totals row of the figures). */
function figureColumns<T extends Figures>(): ReportColumn<T, Figures>[] {
  const count = (key: 'months' | 'unpaidMonths', title: string): ReportColumn<T, Figures> => ({
    key, title, width: 90, align: 'right', cell: (r) => r[key], total: (t) => t[key],
  })
  const money = (key: 'dueFen' | 'paidFen' | 'outstandingFen', title: string): ReportColumn<T, Figures> => ({
    key, title, width: 120, align: 'right', cell: (r) => yuan(r[key]), total: (t) => yuan(t[key]),
  })
  const pct = (key: 'rateBp' | 'peopleRateBp', title: string): ReportColumn<T, Figures> => ({
    key, title, width: 100, align: 'right', cell: (r) => rate(r[key]), total: (t) => rate(t[key]),
  })
  return [
    count('months', '应缴人次'),
    count('unpaidMonths', '未缴人次'),
    money('dueFen', '应缴（元）'),
    money('paidFen', '实缴（元）'),
    money('outstandingFen', '欠缴（元）'),
    pct('rateBp', RATE_BY_AMOUNT),
    pct('peopleRateBp', RATE_BY_PEOPLE),
  ]
}

const failed = (what: string, retry: () => void) => <ReportFailed what={what} retry={retry} />

/** 组织汇总: the lines of the organisations below the one chosen (a line with organisations below opens them). */
function OrgView({ q, onOpen, onBack }: { q: FeeQuery; onOpen: (id: number) => void; onBack?: () => void }) {
  const report = useQuery({ queryKey: ['dfgl', 'report', 'orgs', q], queryFn: () => getOrgReport(q), placeholderData: keepPreviousData })
  if (report.isError) return failed('党费统计', () => void report.refetch())
  const r = report.data
  const columns: ReportColumn<OrgRow, Figures>[] = [
    {
      key: 'orgName',
      title: '党组织',
      lead: true,
      cell: (row) =>
        row.hasChildren ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(row.orgId)} aria-label={`查看${row.orgName}下级`}>
            {row.orgName}
          </Button>
        ) : (
          row.orgName
        ),
    },
    { key: 'members', title: '党员人数', width: 90, align: 'right', cell: (row) => row.members, total: (t) => t.members },
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
      <ReportTable<OrgRow, Figures>
        rowKey="orgId"
        loading={report.isLoading}
        rows={r?.rows ?? []}
        columns={columns}
        total={r?.total}
        pagination={false}
        empty="没有下级党组织"
      />
    </>
  )
}

/** 党员明细: each member's figures over the period. */
function MemberView({ q }: { q: FeeQuery }) {
  const [unpaid, setUnpaid] = useState(false)
  const { query: list, pagination, reset } = usePagedReport(['dfgl', 'report', 'members', q, unpaid], (p) => getMembers({ ...q, unpaid, ...p }))
  if (list.isError) return failed('党员党费统计', () => void list.refetch())
  const columns: ReportColumn<MemberRow, Figures>[] = [
    { key: 'name', title: '姓名', width: 100, cell: (r) => r.name },
    { key: 'orgName', title: '所在党组织', ellipsis: true, cell: (r) => r.orgName },
    ...figureColumns<MemberRow>(),
  ]
  return (
    <>
      <Checkbox
        checked={unpaid}
        onChange={(e) => {
          setUnpaid(e.target.checked)
          reset()
        }}
        style={{ marginBottom: 12 }}
      >
        只看有未缴月份的党员
      </Checkbox>
      <ReportTable<MemberRow, Figures>
        rowKey="memberId"
        rows={list.data?.content ?? []}
        pagination={pagination}
        loading={list.isLoading}
        columns={columns}
      />
    </>
  )
}

const LEVELS: Record<string, { color: string; text: string }> = {
  warn: { color: 'red', text: '警示：连续6个月及以上未缴（视为自行脱党）' },
  remind: { color: 'orange', text: '提醒：连续多月未缴' },
}

/** 欠缴党员: the members with a run of unpaid months (the reminder's months and more). */
function ArrearsView({ orgId }: { orgId?: number | null }) {
  const { query: list, pagination } = usePagedReport(['dfgl', 'report', 'arrears', orgId], (p) => getArrears({ orgId, ...p }))
  if (list.isError) return failed('欠缴党员', () => void list.refetch())
  const columns: ReportColumn<Arrear>[] = [
    { key: 'name', title: '姓名', width: 100, cell: (r) => r.name },
    { key: 'orgName', title: '所在党组织', ellipsis: true, cell: (r) => r.orgName },
    { key: 'months', title: '连续未缴（月）', width: 120, align: 'right', cell: (r) => r.months },
    { key: 'span', title: '起止月份', width: 170, cell: (r) => `${r.since} 至 ${r.latest}` },
    { key: 'outstandingFen', title: '欠缴（元）', width: 120, align: 'right', cell: (r) => yuan(r.outstandingFen) },
    { key: 'level', title: '状态', width: 320, cell: (r) => (LEVELS[r.level] ? <Tag color={LEVELS[r.level].color}>{LEVELS[r.level].text}</Tag> : null) },
  ]
  return (
    <>
      <Typography.Paragraph type="secondary">
        连续未缴只计已经结束的月份：当月仍在缴费期内，不计入；预备党员接收时补记的支部大会以来各月（补交）也不计入。
      </Typography.Paragraph>
      <ReportTable<Arrear>
        rowKey="memberId"
        rows={list.data?.content ?? []}
        pagination={pagination}
        loading={list.isLoading}
        columns={columns}
        empty="没有连续欠缴党费的党员"
      />
    </>
  )
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i)

/** 收缴台账: an organisation's members × the 12 months (due and paid), with totals. */
function LedgerView({ q }: { q: FeeQuery }) {
  const { query: ledger, pagination } = usePagedReport(['dfgl', 'report', 'ledger', q.year, q.orgId], (p) => getLedger({ ...q, ...p }), { size: 50, enabled: !!q.orgId })
  if (!q.orgId) return <Alert type="info" showIcon title="请选择党组织（一般为党支部）后查看其党费收缴台账" />
  if (ledger.isError) return failed('党费收缴台账', () => void ledger.refetch())
  const columns: ReportColumn<LedgerRow>[] = [
    { key: 'name', title: '姓名', width: 90, fixed: 'left', lead: true, cell: (r) => r.name },
    ...MONTHS.flatMap((m): ReportColumn<LedgerRow>[] => [
      { key: `d${m}`, title: '应缴', group: `${m + 1}月`, width: 80, align: 'right', cell: (r) => yuan(r.due[m]), total: (t) => yuan(t.due[m]) },
      { key: `p${m}`, title: '实缴', group: `${m + 1}月`, width: 80, align: 'right', cell: (r) => yuan(r.paid[m]), total: (t) => yuan(t.paid[m]) },
    ]),
    { key: 'dueFen', title: '全年应缴', width: 100, align: 'right', cell: (r) => yuan(r.dueFen), total: (t) => yuan(t.dueFen) },
    { key: 'paidFen', title: '全年实缴', width: 100, align: 'right', cell: (r) => yuan(r.paidFen), total: (t) => yuan(t.paidFen) },
    { key: 'outstandingFen', title: '欠缴', width: 100, align: 'right', cell: (r) => yuan(r.outstandingFen), total: (t) => yuan(t.outstandingFen) },
  ]
  return (
    <ReportTable<LedgerRow>
      rowKey="memberId"
      rows={ledger.data?.rows ?? []}
      pagination={pagination}
      loading={ledger.isLoading}
      columns={columns}
      scroll={{ x: 2400 }}
      total={ledger.data?.total}
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
  const [params, setParams] = useSearchParams()
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as (typeof TABS)[number]) : 'orgs'
  const filters = useReportFilters({ orgId: Number(params.get('orgId')) || null, month: true })
  const { orgId, setOrgId, query: q } = filters
  const [trail, setTrail] = useState<(number | null)[]>([])
  const choose = (id: number | null) => {
    setTrail([])
    setOrgId(id)
  }
  const exports =
    tab === 'ledger'
      ? { label: '导出收缴台账', run: () => exportLedger(q), disabled: !orgId }
      : tab === 'orgs'
        ? { label: '导出统计表', run: () => exportOrgReport(q) }
        : undefined

  return (
    <ReportPage filters={{ ...filters, setOrgId: choose }} month exports={exports}>
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
    </ReportPage>
  )
}
