import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Table, Tabs, Tag, Tooltip, type TableColumnType } from 'antd'
import { useState } from 'react'
import { batchRows, ROW_STATUS_LABELS, type ImportBatch, type ImportColumn, type ImportRow, type RowStatus } from './api'

const STATUS_COLORS: Record<RowStatus, string> = { new: 'green', changed: 'blue', unchanged: 'default', invalid: 'red' }

const TABS: { key: RowStatus; count: (b: ImportBatch) => number }[] = [
  { key: 'new', count: (b) => b.newCount },
  { key: 'changed', count: (b) => b.changedCount },
  { key: 'unchanged', count: (b) => b.unchangedCount },
  { key: 'invalid', count: (b) => b.invalidCount },
]

const PAGE_SIZE = 10

interface Props {
  kind: string
  batch: ImportBatch
  columns: ImportColumn[]
  /** Bumped after a row edit so the pages reload. */
  version: number
  /** Offered on rows while the batch can still change. */
  onFix?: (row: ImportRow) => void
}

/** The validation result of a batch: tabs 新增/变更/未变/错误 with the rows the API pages through. */
export default function BatchRows({ kind, batch, columns, version, onFix }: Props) {
  const [tab, setTab] = useState<RowStatus>(batch.invalidCount > 0 ? 'invalid' : batch.newCount > 0 || batch.changedCount === 0 ? 'new' : 'changed')
  const [page, setPage] = useState(0)
  const rows = useQuery({
    queryKey: ['import-rows', kind, batch.id, tab, page, version],
    queryFn: () => batchRows(kind, batch.id, tab, page, PAGE_SIZE),
    placeholderData: (prev) => prev,
  })

  const cellColumns: TableColumnType<ImportRow>[] = columns.map((c) => ({
    title: c.label,
    key: c.key,
    width: 130,
    // Cells with an error wrap their message; the others keep to one line.
    ellipsis: tab === 'invalid' ? false : { showTitle: false },
    render: (_: unknown, r: ImportRow) => {
      const value = r.cells[c.key] ?? ''
      const errors = r.errors.filter((e) => e.column === c.key)
      const change = r.changes.find((x) => x.field === c.key)
      // The reason stays in the row, under the value as typed: readable without hovering.
      if (errors.length > 0)
        return (
          <div className="import-cell-invalid" data-invalid="true" style={{ background: '#fff1f0', border: '1px dashed #ffa39e', padding: '0 4px', minHeight: 22, whiteSpace: 'normal' }}>
            <div style={{ color: '#cf1322' }}>{value || '（空）'}</div>
            {errors.map((e, i) => (
              <div key={i} className="import-cell-error" style={{ color: '#cf1322', fontSize: 12, lineHeight: '18px' }}>
                {e.message}
              </div>
            ))}
          </div>
        )
      if (change)
        return (
          <Tooltip title={`原值：${change.old || '（空）'}`}>
            <span style={{ color: '#1677ff' }}>{value}</span>
          </Tooltip>
        )
      return <Tooltip title={value}>{value}</Tooltip>
    },
  }))

  // Errors not tied to a column (e.g. a duplicate inside the file) have their own column, next to the status.
  const known = new Set(columns.map((c) => c.key))
  const rowErrors = (r: ImportRow) => r.errors.filter((e) => !known.has(e.column))
  const tableColumns: TableColumnType<ImportRow>[] = [
    { title: '行号', dataIndex: 'rowNo', width: 70, fixed: 'left' },
    { title: '状态', dataIndex: 'status', width: 70, fixed: 'left', render: (s: RowStatus) => <Tag color={STATUS_COLORS[s]}>{ROW_STATUS_LABELS[s] ?? s}</Tag> },
    ...(tab === 'invalid' && (rows.data?.content ?? []).some((r) => rowErrors(r).length > 0)
      ? [
          {
            title: '整行问题',
            key: '__errors',
            width: 200,
            render: (_: unknown, r: ImportRow) =>
              rowErrors(r).map((e, i) => (
                <div key={i} className="import-row-error" style={{ color: '#cf1322' }}>
                  {e.message}
                </div>
              )),
          },
        ]
      : []),
    ...cellColumns,
    ...(tab === 'changed'
      ? [
          {
            title: '变更内容',
            key: '__changes',
            width: 260,
            render: (_: unknown, r: ImportRow) =>
              r.changes.map((c) => (
                <div key={c.field}>
                  {c.label}：{c.old || '（空）'} → {c.new || '（空）'}
                </div>
              )),
          },
        ]
      : []),
    ...(onFix
      ? [
          {
            title: '操作',
            key: '__actions',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, r: ImportRow) => (
              <Button type="link" size="small" onClick={() => onFix(r)}>
                修改
              </Button>
            ),
          },
        ]
      : []),
  ]

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as RowStatus)
          setPage(0)
        }}
        items={TABS.map((t) => ({ key: t.key, label: `${ROW_STATUS_LABELS[t.key]}（${t.count(batch)}）` }))}
      />
      <Table<ImportRow>
        size="small"
        rowKey="id"
        columns={tableColumns}
        dataSource={rows.data?.content ?? []}
        loading={rows.isFetching}
        scroll={{ x: 140 + columns.length * 130 + 340 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`没有${ROW_STATUS_LABELS[tab]}的行`} /> }}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: rows.data?.totalElements ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 行`,
          onChange: (p) => setPage(p - 1),
        }}
      />
    </>
  )
}
