import { ArrowLeftOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Empty, Space, Spin, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import ReportPage, { ReportFailed, useReportFilters } from '@/components/report/ReportPage'
import ReportTable, { type ReportColumn } from '@/components/report/ReportTable'
import {
  CELL_NAMES,
  CELLS,
  exportCalendar,
  exportOrgs,
  getCalendar,
  getOrgs,
  type Calendar,
  type CellStatus,
  type ComplianceQuery,
  type Line,
  type OrgRow,
  type OrgTable,
  type Share,
} from './api'

/** The colour of each judgement's tag (— has none). */
const CELL_COLORS: Record<CellStatus, string | undefined> = {
  done: 'success',
  planned: 'processing',
  inProgress: 'warning',
  missing: 'error',
  notDue: undefined,
}

export function CellTag({ status }: { status: CellStatus }) {
  return <Tag color={CELL_COLORS[status]}>{CELL_NAMES[status]}</Tag>
}

/** A share of periods met: "3/4 75%", or — when nothing was due. */
export function shareText(s: Share | undefined): string {
  if (!s || s.due === 0) return '—'
  return `${s.met}/${s.due}（${Math.round((s.met * 1000) / s.due) / 10}%）`
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1)
/** The organisation types shown as a calendar rather than a table: 直属党支部, 党支部, 党小组. */
const CALENDAR_TYPES = ['4', '5', '6']

/**
 * The calendar's columns: the measure, then a column per month; a quarter's or a year's period spans its
 * months (one cell), with its judgement and the meetings held (talks: the people named of the members).
 */
export function calendarColumns(): ColumnsType<Line> {
  return [
    {
      key: 'name',
      title: '考核项目',
      width: 170,
      fixed: 'left',
      render: (_, l) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{l.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.rule}
          </Typography.Text>
        </Space>
      ),
    },
    ...MONTHS.map((m) => ({
      key: `m${m}`,
      title: `${m}月`,
      width: 86,
      align: 'center' as const,
      onCell: (l: Line) => {
        const p = l.periods.find((x) => x.from <= m && m <= x.to)
        return { colSpan: p && p.from === m ? p.to - p.from + 1 : 0 }
      },
      render: (_: unknown, l: Line) => {
        const p = l.periods.find((x) => x.from <= m && m <= x.to)
        if (!p) return null
        const count = l.key === 'talk' ? (p.need > 0 ? `${p.held}/${p.need}人` : '') : p.held > 0 ? `${p.held}次` : ''
        return (
          <Space orientation="vertical" size={0} title={p.planned > 0 ? `计划${p.planned}次` : undefined}>
            <CellTag status={p.status} />
            {count && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{count}</Typography.Text>}
          </Space>
        )
      },
    })),
    { key: 'met', title: '达标周期', width: 90, align: 'center', render: (_, l) => (l.due === 0 ? '—' : `${l.met}/${l.due}`) },
  ]
}

function CalendarView({ q }: { q: ComplianceQuery }) {
  const cal = useQuery({ queryKey: ['zzsh', 'compliance', 'branch', q], queryFn: () => getCalendar(q), placeholderData: keepPreviousData })
  if (cal.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (cal.isError || !cal.data) return <ReportFailed what="会议日历" retry={() => void cal.refetch()} />
  const c: Calendar = cal.data
  return (
    <>
      <Typography.Title level={5}>
        {c.orgName} {c.year}年组织生活会议日历
      </Typography.Title>
      <Space wrap style={{ marginBottom: 12 }} aria-label="图例">
        {CELLS.map((s) => (
          <CellTag key={s} status={s} />
        ))}
        {c.foundedOn && <Typography.Text type="secondary">成立日期 {c.foundedOn}：此前的周期不考核</Typography.Text>}
      </Space>
      <Table<Line>
        bordered
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={c.lines}
        columns={calendarColumns()}
        scroll={{ x: 1400 }}
        locale={{ emptyText: <Empty description="该党组织不召开需考核的会议" /> }}
      />
    </>
  )
}

/** The organisations' table: a column per measure (the periods met of those due), the gaps, the rate. */
export function orgColumns(t: OrgTable): ReportColumn<OrgRow, OrgRow>[] {
  return [
    { key: 'orgName', title: '党组织', width: 220, fixed: 'left', lead: true, cell: (r) => <Typography.Link>{r.orgName}</Typography.Link> },
    ...t.measures.map<ReportColumn<OrgRow, OrgRow>>((m) => ({
      key: m.key,
      title: m.name,
      group: '达标周期（已完成/应完成）',
      width: 130,
      align: 'center',
      cell: (r) => shareText(r.shares[m.key]),
      total: (tot) => shareText(tot.shares[m.key]),
    })),
    { key: 'missing', title: '缺项', width: 70, align: 'right', cell: (r) => r.share.missing, total: (tot) => tot.share.missing },
    { key: 'rate', title: '达标率', width: 130, align: 'center', cell: (r) => shareText(r.share), total: (tot) => shareText(tot.share) },
  ]
}

function OrgsView({ t, open }: { t: OrgTable; open: (row: OrgRow) => void }) {
  return (
    <>
      <Typography.Title level={5}>
        {t.orgName} {t.year}年组织生活会议统计
      </Typography.Title>
      <Typography.Paragraph type="secondary">点击党组织查看其下级党组织或会议日历。</Typography.Paragraph>
      <ReportTable<OrgRow, OrgRow>
        bordered
        pagination={false}
        rowKey="orgId"
        rows={t.rows}
        total={t.rows.length > 0 ? t.total : null}
        columns={orgColumns(t)}
        scroll={{ x: 400 + 130 * t.measures.length }}
        empty={`${t.orgName}下没有需考核的党组织`}
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
      />
    </>
  )
}

/**
 * 会议统计 (RULES §4): whether each organisation held the meetings the rules ask for in a year — the
 * organisations under one (the university's 二级党委s, a 二级党委's branches) by measure, drilling down by a
 * click, and a branch's calendar of measures × months; each exported in the official layout.
 */
export default function CompliancePage() {
  const filters = useReportFilters()
  const [trail, setTrail] = useState<{ id: number | null; name: string }[]>([])
  const canExport = useHasPermission([PERM.hytjExport])
  const q: ComplianceQuery = { year: filters.query.year, orgId: filters.query.orgId }
  const orgs = useQuery({ queryKey: ['zzsh', 'compliance', 'orgs', q], queryFn: () => getOrgs(q), placeholderData: keepPreviousData })
  const current = orgs.data
  const calendar = current ? CALENDAR_TYPES.includes(current.orgType) : false
  const open = (row: OrgRow) => {
    setTrail((t) => [...t, { id: filters.orgId, name: current?.orgName ?? '' }])
    filters.setOrgId(row.orgId)
  }
  const back = () => {
    const last = trail[trail.length - 1]
    setTrail((t) => t.slice(0, -1))
    filters.setOrgId(last?.id ?? null)
  }
  const name = current?.orgName ?? '会议统计'
  return (
    <ReportPage
      filters={filters}
      exports={
        canExport
          ? {
              label: calendar ? '导出会议日历' : '导出统计表',
              disabled: !current,
              run: () => (calendar ? exportCalendar({ ...q, orgId: current!.orgId }, name) : exportOrgs(q, name)),
            }
          : undefined
      }
      extra={
        trail.length > 0 && (
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            返回{trail[trail.length - 1].name}
          </Button>
        )
      }
    >
      {orgs.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : orgs.isError || !current ? (
        <ReportFailed what="会议统计" retry={() => void orgs.refetch()} />
      ) : calendar ? (
        <CalendarView q={{ year: q.year, orgId: current.orgId }} />
      ) : (
        <OrgsView t={current} open={open} />
      )}
    </ReportPage>
  )
}
