import { App, DatePicker, Space, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState, type ReactNode } from 'react'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'

interface Props {
  year: Dayjs
  onYear: (year: Dayjs) => void
  /** The organisation whose subtree the report covers (null: the caller's whole scope). */
  orgId: number | null
  onOrg: (orgId: number | null) => void
  /** The page's buttons (export, print, import …) after the pickers. */
  children?: ReactNode
}

/** The toolbar of a yearly report: 年度 and 党组织 pickers, then the page's buttons. */
export default function ReportBar({ year, onYear, orgId, onOrg, children }: Props) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Typography.Text>年度</Typography.Text>
      <DatePicker picker="year" allowClear={false} value={year} onChange={(v) => v && onYear(v)} aria-label="年度" />
      <Typography.Text>党组织</Typography.Text>
      <OrgTreeSelect value={orgId} onChange={(v) => onOrg(typeof v === 'number' ? v : null)} placeholder="全部（管理范围内）" style={{ width: 280 }} />
      {children}
    </Space>
  )
}

/** Runs a download with a busy flag for its button and the usual message when it fails. */
export function useDownload(download: () => Promise<unknown>): { busy: boolean; run: () => void } {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const run = () => {
    setBusy(true)
    download()
      .catch(() => void message.error('导出失败，请稍后重试'))
      .finally(() => setBusy(false))
  }
  return { busy, run }
}
