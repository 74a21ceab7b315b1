import { SettingOutlined } from '@ant-design/icons'
import { Button, Checkbox, Popover, Space, Typography, type TableColumnType } from 'antd'
import { useCallback, useMemo, useState, type Key, type ReactNode } from 'react'

/** Where a table's hidden columns are remembered (one entry per table). */
export const columnStorageKey = (table: string) => `zhdj.columns.${table}`

/** A column's stable key: its `key`, else its dataIndex joined with dots. */
export function columnKey(col: { key?: Key; dataIndex?: unknown }): string {
  if (col.key !== undefined && col.key !== null) return String(col.key)
  const di = col.dataIndex
  return Array.isArray(di) ? di.join('.') : String(di ?? '')
}

function readHidden(table: string | undefined): string[] {
  if (!table) return []
  try {
    const v = JSON.parse(localStorage.getItem(columnStorageKey(table)) ?? '[]') as unknown
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/**
 * Show/hide columns, remembered per table in localStorage. Columns marked `fixed` (operations,
 * selection) are always shown, so a table can never lose its actions. Without a table key the
 * settings are off and every column shows.
 */
export function useColumnSettings<T>(table: string | undefined, columns: TableColumnType<T>[] = []) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(table))

  const save = useCallback(
    (next: string[]) => {
      setHidden(next)
      if (table) localStorage.setItem(columnStorageKey(table), JSON.stringify(next))
    },
    [table],
  )

  const hideable = useMemo(() => columns.filter((c) => !c.fixed && columnKey(c as { key?: Key })), [columns])
  const visible = useMemo(
    () => (table ? columns.filter((c) => c.fixed || !hidden.includes(columnKey(c as { key?: Key }))) : columns),
    [columns, hidden, table],
  )

  const button: ReactNode = table ? (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="列设置"
      content={
        <Space orientation="vertical" size={4}>
          {hideable.map((c) => {
            const k = columnKey(c as { key?: Key })
            return (
              <Checkbox key={k} checked={!hidden.includes(k)} onChange={(e) => save(e.target.checked ? hidden.filter((h) => h !== k) : [...hidden, k])}>
                {typeof c.title === 'function' ? k : (c.title as ReactNode)}
              </Checkbox>
            )
          })}
          <Typography.Link onClick={() => save([])} disabled={hidden.length === 0}>
            显示全部列
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
