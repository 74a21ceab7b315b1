import { DownloadOutlined, SettingOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, DatePicker, Empty, Segmented, Select, Space, Spin, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import { ReportFailed } from '@/components/report/ReportPage'
import { exportTable, getTable, listTables, type TableLevel, type TableQuery } from './api'
import OccupationDialog from './OccupationDialog'
import StatsTable, { LINE_PAGE_SIZE } from './StatsTable'

/** The space between the head's facts (an ideographic space). */
const GAP = '\u3000'

/** The reporting date a year's tables are filed for: the last 31 December. */
export const lastYearEnd = (today = dayjs()) => today.subtract(1, 'year').endOf('year').format('YYYY-MM-DD')

/**
 * 党内统计 (统计分析 › 党内统计): the annual tables of the 组织部 counted as the records stood at the end of the
 * reporting date, for an organisation's subtree, per 二级党委 or per branch, with the checks of the 填报说明, and
 * the workbook as filed. The occupation columns follow the department's mapping of the school's person
 * categories (职业分类对应).
 */
export default function AnnualStatsPage() {
  const { message } = App.useApp()
  const canExport = useHasPermission([PERM.dntjExport])
  const canMap = useHasPermission([PERM.dntjMap])
  const tables = useQuery({ queryKey: ['dntj', 'tables'], queryFn: listTables })
  const [q, setQ] = useState<TableQuery>({ table: 'members', date: lastYearEnd(), orgId: null, level: 'second' })
  const [page, setPage] = useState(1)
  const [mapping, setMapping] = useState(false)
  const [exporting, setExporting] = useState(false)
  const result = useQuery({
    queryKey: ['dntj', 'table', q, page],
    queryFn: () => getTable(q, page - 1, LINE_PAGE_SIZE),
    placeholderData: keepPreviousData,
  })
  const change = (next: Partial<TableQuery>) => {
    setQ((cur) => ({ ...cur, ...next }))
    setPage(1)
  }
  const title = tables.data?.find((t) => t.key === q.table)?.title ?? '统计表'
  const download = () => {
    setExporting(true)
    exportTable(q, title)
      .catch(() => void message.error('导出失败，请稍后重试'))
      .finally(() => setExporting(false))
  }
  const r = result.data
  const failed = r?.checks.filter((c) => !c.ok) ?? []
  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>统计表</Typography.Text>
        <Select aria-label="统计表" style={{ width: 240 }} value={q.table} onChange={(table: string) => change({ table })}
          options={(tables.data ?? []).map((t) => ({ value: t.key, label: t.title }))} />
        <Typography.Text>统计日期</Typography.Text>
        <DatePicker aria-label="统计日期" allowClear={false} value={dayjs(q.date)} disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(d) => d && change({ date: d.format('YYYY-MM-DD') })} />
        <Typography.Text>填报单位</Typography.Text>
        <OrgTreeSelect value={q.orgId} onChange={(v) => change({ orgId: typeof v === 'number' ? v : null })} placeholder="全部（管理范围内）" style={{ width: 260 }} />
        <Segmented<TableLevel> value={q.level} onChange={(level) => change({ level })}
          options={[{ value: 'second', label: '按二级党委' }, { value: 'branch', label: '按党支部' }]} />
        {canExport && <Button icon={<DownloadOutlined />} loading={exporting} onClick={download}>导出</Button>}
        {canMap && <Button icon={<SettingOutlined />} onClick={() => setMapping(true)}>职业分类对应</Button>}
      </Space>
      {result.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : result.isError || !r ? (
        <ReportFailed what="党内统计" retry={() => void result.refetch()} />
      ) : (
        <>
          <Typography.Title level={5} style={{ textAlign: 'center', marginTop: 0 }}>{r.title}</Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            填报单位：{r.orgName}{GAP}
            {r.period ? `报告期：${dayjs(r.from).format('YYYY年M月D日')}至${dayjs(r.date).format('YYYY年M月D日')}` : `统计截至：${dayjs(r.date).format('YYYY年M月D日')}`}
            {GAP}单位：{r.unit}
            <br />
            {r.note}
          </Typography.Paragraph>
          <Space wrap style={{ marginBottom: 12 }}>
            {r.checks.map((c) => (
              <Tag key={c.name} color={c.ok ? 'success' : 'error'} title={c.detail}>{c.ok ? '✓' : '✗'} {c.name}</Tag>
            ))}
          </Space>
          {failed.length > 0 && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="审核未通过" description={failed.map((c) => `${c.name}：${c.detail}`).join('；')} />
          )}
          {Object.values(r.total.counts).every((n) => n === 0) ? (
            <Empty description={`所选范围内没有计入本表的数据（${r.note}）`} />
          ) : (
            <StatsTable result={r} page={page} onPage={setPage} />
          )}
        </>
      )}
      {mapping && <OccupationDialog onClose={() => setMapping(false)} />}
    </Card>
  )
}
