import { Tooltip, type TableColumnType } from 'antd'
import type { ReactNode } from 'react'
import type { Field, FieldType } from './resource'

/**
 * Widths a column gets when its field declares none, by type: short codes and dates narrow, texts
 * wide enough for a name, so a list at 1440 px shows its key columns without every page tuning them.
 */
export const DEFAULT_WIDTHS: Record<FieldType, number> = {
  text: 140,
  textarea: 220,
  number: 90,
  switch: 80,
  date: 110,
  dateRange: 200,
  datetime: 170,
  dict: 100,
  select: 100,
  custom: 160,
}

/** Width of a column without one (e.g. a page's own column), when the table sums its scroll width. */
export const FALLBACK_WIDTH = 120

/** The types whose values can be longer than their column: cut with … and shown whole in a tooltip. */
const LONG_TEXT = new Set<FieldType>(['text', 'textarea', 'custom'])

/** The cell of an ellipsised column: the value in one line, the whole of it in a tooltip on hover. */
export function withTooltip(cell: ReactNode, whole: unknown): ReactNode {
  const text = typeof whole === 'string' || typeof whole === 'number' ? String(whole) : null
  if (!text) return cell
  return (
    <Tooltip placement="topLeft" title={text}>
      <span>{cell}</span>
    </Tooltip>
  )
}

/**
 * The kit's defaults of a field's column, under what the field declares: its width (by type when
 * not given); the record's name column fixed left; long texts ellipsised with a tooltip.
 */
export function columnDefaults<T>(f: Field<T>, nameField: string): Partial<TableColumnType<T>> {
  const type = f.type ?? 'text'
  return {
    width: f.width ?? DEFAULT_WIDTHS[type],
    ...(f.name === nameField ? { fixed: 'left' as const } : {}),
    ...(LONG_TEXT.has(type) && f.name !== nameField ? { ellipsis: { showTitle: false } } : {}),
  }
}

/** The width a table scrolls to: its columns' widths (those without one counted as FALLBACK_WIDTH). */
export function scrollWidth<T>(columns: TableColumnType<T>[], selectable: boolean): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : FALLBACK_WIDTH), selectable ? 32 : 0)
}
