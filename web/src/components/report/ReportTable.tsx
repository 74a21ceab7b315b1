import { Table, type TableProps } from 'antd'
import type { ColumnsType, ColumnType } from 'antd/es/table'
import type { Key, ReactNode } from 'react'

/**
 * One column of a report table, declared once: its header (and the group header above it), its cell of a
 * row and of the totals row. Lead columns name a row (序号, 姓名, 党组织): the totals row says 合计 across them.
 */
export interface ReportColumn<T, Total = T> {
  key: string
  title: ReactNode
  group?: string
  width?: number
  align?: 'left' | 'right' | 'center'
  fixed?: 'left' | 'right'
  ellipsis?: boolean
  lead?: boolean
  /** The rows this cell spans (0: covered by the one above), for a column of categories. */
  rowSpan?: (row: T) => number
  cell: (row: T, index: number) => ReactNode
  /** The cell of the totals row (none: empty). */
  total?: (total: Total) => ReactNode
}

/** antd columns of the declaration: consecutive columns of one group under one grouped header. */
export function tableColumns<T, Total>(columns: readonly ReportColumn<T, Total>[]): ColumnsType<T> {
  const out: ColumnsType<T> = []
  for (const c of columns) {
    const col: ColumnType<T> = {
      key: c.key,
      title: c.title,
      width: c.width,
      align: c.align,
      fixed: c.fixed,
      ellipsis: c.ellipsis,
      render: (_v: unknown, row: T, i: number) => c.cell(row, i),
      ...(c.rowSpan ? { onCell: (row: T) => ({ rowSpan: c.rowSpan!(row) }) } : {}),
    }
    const last = out[out.length - 1] as (ColumnType<T> & { children?: ColumnsType<T>; groupOf?: string }) | undefined
    if (!c.group) out.push(col)
    else if (last?.groupOf === c.group) last.children!.push(col)
    else out.push({ key: `group:${c.group}`, title: c.group, groupOf: c.group, children: [col] } as ColumnType<T>)
  }
  return out
}

/** The totals row of the declaration: 合计 across the leads, then each column's total. */
function totalsRow<T, Total>(columns: readonly ReportColumn<T, Total>[], total: Total) {
  const leads = columns.filter((c) => c.lead).length
  return (
    <Table.Summary.Row>
      {leads > 0 && (
        <Table.Summary.Cell index={0} colSpan={leads}>
          合计
        </Table.Summary.Cell>
      )}
      {columns.map((c, i) =>
        c.lead ? null : (
          <Table.Summary.Cell key={c.key} index={i} align={c.align}>
            {c.total?.(total)}
          </Table.Summary.Cell>
        ),
      )}
    </Table.Summary.Row>
  )
}

type Props<T, Total> = Omit<TableProps<T>, 'columns' | 'dataSource' | 'summary' | 'rowKey'> & {
  columns: readonly ReportColumn<T, Total>[]
  rows: readonly T[] | undefined
  rowKey: string | ((row: T) => Key)
  /** The totals row's figures (none: no totals row). */
  total?: Total | null
  /** Why the table is empty ("2026年没有…"), said in its place. */
  empty?: ReactNode
}

/** A report's table: grouped headers, the totals row, the reason it is empty. */
export default function ReportTable<T extends object, Total = T>({ columns, rows, total, empty, locale, ...table }: Props<T, Total>) {
  return (
    <Table<T>
      size="small"
      bordered
      dataSource={rows as T[] | undefined}
      columns={tableColumns(columns)}
      locale={empty === undefined ? locale : { ...locale, emptyText: empty }}
      summary={total === undefined || total === null ? undefined : () => totalsRow(columns, total)}
      {...table}
    />
  )
}
