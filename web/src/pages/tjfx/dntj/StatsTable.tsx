import { Table, Typography } from 'antd'
import type { ColumnsType, ColumnType } from 'antd/es/table'
import type { Column, Line, Result } from './api'

/** The table's header as antd columns: groups over their leaves, each leaf a count of a line. */
export function tableColumns(cols: Column[]): ColumnsType<Line> {
  const leaf = (c: Column): ColumnType<Line> => ({
    key: c.key,
    title: c.title,
    align: 'right',
    width: 88,
    render: (_, l) => l.counts[c.key] ?? 0,
  })
  const of = (c: Column): ColumnType<Line> | { key: string; title: string; children: ColumnsType<Line> } =>
    c.children?.length ? { key: c.key, title: c.title, children: c.children.map(of) } : leaf(c)
  return [{ key: 'org', title: '党组织', fixed: 'left', width: 200, render: (_, l) => l.name }, ...cols.map(of)]
}

/** Every leaf of cols in order. */
export function leafKeys(cols: Column[]): string[] {
  return cols.flatMap((c) => (c.children?.length ? leafKeys(c.children) : [c.key]))
}

export const LINE_PAGE_SIZE = 20

/**
 * A table counted: the total on top, the filing organisation's own row (本级: the committees above the lines in a
 * table of organisations), a page of the lines, and the rows under no line when there are any.
 */
export default function StatsTable({ result, page, onPage }: { result: Result; page: number; onPage: (p: number) => void }) {
  const keys = leafKeys(result.columns)
  const direct = keys.some((k) => (result.direct[k] ?? 0) !== 0)
  const own = keys.some((k) => (result.own[k] ?? 0) !== 0)
  const row = (name: string, counts: Record<string, number>, strong = false) => (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0}>{strong ? <Typography.Text strong>{name}</Typography.Text> : name}</Table.Summary.Cell>
      {keys.map((k, i) => (
        <Table.Summary.Cell key={k} index={i + 1} align="right">
          {strong ? <Typography.Text strong>{counts[k] ?? 0}</Typography.Text> : (counts[k] ?? 0)}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  )
  return (
    <Table<Line>
      rowKey="orgId"
      size="small"
      bordered
      columns={tableColumns(result.columns)}
      dataSource={result.lines.content}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '没有下级党组织的数据' }}
      pagination={{ current: page, pageSize: LINE_PAGE_SIZE, total: result.lines.totalElements, onChange: onPage, showSizeChanger: false, showTotal: (n) => `共 ${n} 个党组织` }}
      summary={() => (
        <Table.Summary fixed="top">
          {row('合计', result.total.counts, true)}
          {own && row('本级', result.own)}
          {direct && row('不属于任何下级党组织', result.direct)}
        </Table.Summary>
      )}
    />
  )
}
