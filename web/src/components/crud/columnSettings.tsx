import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons'
import { Button, Checkbox, Popover, Space, Typography, type TableColumnType } from 'antd'
import { useMemo, type Key, type ReactNode } from 'react'
import { useUserPref } from '@/components/prefs/useUserPref'

/** The preference key under which a table's column settings are kept for the user. */
export const columnPrefKey = (table: string) => `columns.${table}`

/** What a user chose for a table: the hidden columns and the order of the others (by key). */
export interface ColumnPrefs {
  hidden: string[]
  order: string[]
}

/** A column's stable key: its `key`, else its dataIndex joined with dots. */
export function columnKey(col: { key?: Key; dataIndex?: unknown }): string {
  if (col.key !== undefined && col.key !== null) return String(col.key)
  const di = col.dataIndex
  return Array.isArray(di) ? di.join('.') : String(di ?? '')
}

const keyOf = <T,>(c: TableColumnType<T>) => columnKey(c as { key?: Key })

/** A stored value read defensively: whatever is not a list of strings counts as none. */
function prefsOf(v: unknown): ColumnPrefs {
  const list = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : [])
  const o = v && typeof v === 'object' ? (v as Partial<Record<keyof ColumnPrefs, unknown>>) : {}
  return { hidden: list(o.hidden), order: list(o.order) }
}

/**
 * The movable columns in the user's order: those the order names first, in its order, then the rest in
 * their declared order (a column added later shows up at the end).
 */
export function ordered<T>(columns: TableColumnType<T>[], order: string[]): TableColumnType<T>[] {
  const rank = (c: TableColumnType<T>) => {
    const i = order.indexOf(keyOf(c))
    return i < 0 ? order.length : i
  }
  return columns.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map(({ c }) => c)
}

/**
 * Which columns show, and in which order, remembered per user and table on the server (a user
 * preference, so it follows the user to every browser). Columns marked `fixed` (the name, the actions,
 * the selection) always show where they are, so a table never loses its name or its actions. Without a
 * table key the settings are off and every column shows.
 */
export function useColumnSettings<T>(table: string | undefined, columns: TableColumnType<T>[] = []) {
  const [stored, store] = useUserPref<ColumnPrefs>(table ? columnPrefKey(table) : undefined)
  const { hidden, order } = prefsOf(stored)

  const left = useMemo(() => columns.filter((c) => c.fixed === 'left' || c.fixed === true), [columns])
  const right = useMemo(() => columns.filter((c) => c.fixed === 'right'), [columns])
  const movable = useMemo(() => ordered(columns.filter((c) => !c.fixed && keyOf(c)), order), [columns, order])
  const loose = useMemo(() => columns.filter((c) => !c.fixed && !keyOf(c)), [columns])
  const visible = useMemo(
    () => (table ? [...left, ...movable.filter((c) => !hidden.includes(keyOf(c))), ...loose, ...right] : columns),
    [table, left, movable, loose, right, hidden, columns],
  )

  const save = (next: Partial<ColumnPrefs>) => {
    const v = { hidden, order, ...next }
    store(v.hidden.length || v.order.length ? v : null)
  }
  const move = (k: string, by: -1 | 1) => {
    const keys = movable.map(keyOf)
    const i = keys.indexOf(k)
    const j = i + by
    if (i < 0 || j < 0 || j >= keys.length) return
    ;[keys[i], keys[j]] = [keys[j], keys[i]]
    save({ order: keys })
  }

  const button: ReactNode = table ? (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="列设置"
      content={
        <Space orientation="vertical" size={4} style={{ maxHeight: 420, overflowY: 'auto' }}>
          {movable.map((c, i) => {
            const k = keyOf(c)
            const title = typeof c.title === 'function' ? k : (c.title as ReactNode)
            return (
              <Space key={k} size={4} style={{ width: '100%', justifyContent: 'space-between' }}>
                <Checkbox checked={!hidden.includes(k)} onChange={(e) => save({ hidden: e.target.checked ? hidden.filter((h) => h !== k) : [...hidden, k] })}>
                  {title}
                </Checkbox>
                <span>
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={`上移${String(title)}`} onClick={() => move(k, -1)} />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    disabled={i === movable.length - 1}
                    aria-label={`下移${String(title)}`}
                    onClick={() => move(k, 1)}
                  />
                </span>
              </Space>
            )
          })}
          <Typography.Link onClick={() => save({ hidden: [], order: [] })} disabled={hidden.length === 0 && order.length === 0}>
            恢复默认
          </Typography.Link>
        </Space>
      }
    >
      <Button icon={<SettingOutlined />} aria-label="列设置">
        列设置
      </Button>
    </Popover>
  ) : null

  return { visible, hidden, button }
}
