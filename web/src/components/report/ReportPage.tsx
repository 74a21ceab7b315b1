import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons'
import { Alert, App, Button, Card, DatePicker, Select, Space, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useMemo, useState, type ReactNode } from 'react'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import type { ReportQuery } from './query'

export { reportParams, type ReportQuery } from './query'

/** The filters of a report page: 年度 (this year by default), 月份 and 党组织. */
export interface ReportFilters {
  year: Dayjs
  setYear: (year: Dayjs) => void
  month: number | null
  setMonth: (month: number | null) => void
  orgId: number | null
  setOrgId: (orgId: number | null) => void
  /** The selection, stable while the filters stay (a query key). */
  query: ReportQuery
}

export function useReportFilters(initial: { orgId?: number | null; month?: boolean } = {}): ReportFilters {
  const [year, setYear] = useState<Dayjs>(() => dayjs())
  const [month, setMonth] = useState<number | null>(null)
  const [orgId, setOrgId] = useState<number | null>(initial.orgId ?? null)
  const withMonth = initial.month ?? false
  const query = useMemo<ReportQuery>(
    () => (withMonth ? { year: year.year(), month, orgId } : { year: year.year(), orgId }),
    [withMonth, year, month, orgId],
  )
  return { year, setYear, month, setMonth, orgId, setOrgId, query }
}

/** A download of the report (导出…): its button's label, what it fetches, whether it is offered now. */
export interface ReportExport {
  label: string
  run: () => Promise<unknown>
  disabled?: boolean
}

/** The print view of the report (打印…). */
export interface ReportPrint {
  label: string
  open: () => void
}

interface Props {
  filters: ReportFilters
  /** Offer 月份 (全年 or one month). */
  month?: boolean
  /** The export button of what is shown (none: no export here). */
  exports?: ReportExport
  print?: ReportPrint
  /** More buttons after export and print (an import …). */
  extra?: ReactNode
  children: ReactNode
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1)

/**
 * A report page: the filters (年度, 月份 when asked, 党组织), the export and print buttons, then the report
 * (tables of ReportTable, tabs, charts). The selection is the filters' query; a page reads it for its queries.
 */
export default function ReportPage({ filters: f, month, exports, print, extra, children }: Props) {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const download = (e: ReportExport) => {
    setBusy(true)
    e.run()
      .catch(() => void message.error('导出失败，请稍后重试'))
      .finally(() => setBusy(false))
  }
  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>年度</Typography.Text>
        <DatePicker picker="year" allowClear={false} value={f.year} onChange={(v) => v && f.setYear(v)} aria-label="年度" />
        {month && (
          <>
            <Typography.Text>月份</Typography.Text>
            <Select
              aria-label="月份"
              style={{ width: 110 }}
              value={f.month ?? 0}
              onChange={(v) => f.setMonth(v || null)}
              options={[{ value: 0, label: '全年' }, ...MONTHS.map((m) => ({ value: m, label: `${m}月` }))]}
            />
          </>
        )}
        <Typography.Text>党组织</Typography.Text>
        <OrgTreeSelect value={f.orgId} onChange={(v) => f.setOrgId(typeof v === 'number' ? v : null)} placeholder="全部（管理范围内）" style={{ width: 280 }} />
        {exports && (
          <Button icon={<DownloadOutlined />} loading={busy} disabled={exports.disabled} onClick={() => download(exports)}>
            {exports.label}
          </Button>
        )}
        {print && (
          <Button icon={<PrinterOutlined />} onClick={print.open}>
            {print.label}
          </Button>
        )}
        {extra}
      </Space>
      {children}
    </Card>
  )
}

/** A report that could not be read: what failed and a retry. */
export function ReportFailed({ what, retry }: { what: string; retry: () => void }) {
  return <Alert type="error" showIcon title={`${what}加载失败`} action={<Button onClick={retry}>重试</Button>} />
}
