import { DownOutlined } from '@ant-design/icons'
import type { Perm } from '@/api/permissions'
import { Button, Dropdown, Space, Tooltip, type TableColumnType } from 'antd'
import type { ReactNode } from 'react'
import { useSessionStore } from '@/stores/session'
import { hasPermission } from '@/utils/permission'

/** One action of a row: shown to holders of `need` (when given) unless `hidden`. */
export interface RowAction {
  key: string
  label: ReactNode
  onClick: () => void
  need?: Perm
  hidden?: boolean
  danger?: boolean
  /** Shown but not clickable (e.g. 删除 of a node that still has children), with `tip` saying why. */
  disabled?: boolean
  tip?: string
}

interface Props {
  actions: RowAction[]
  /** Behind 更多 (a dropdown), which shows only when one of them does. */
  more?: RowAction[]
}

/** The action cell of a row: link buttons, then 更多 with the rest; each gated by its permission. */
export default function RowActions({ actions, more = [] }: Props) {
  const roles = useSessionStore((s) => s.roles)
  const shown = (a: RowAction) => !a.hidden && (!a.need || hasPermission(roles, [a.need]))
  const menu = more.filter(shown)
  return (
    <Space size={0}>
      {actions.filter(shown).map((a) => {
        const button = (
          <Button key={a.key} type="link" size="small" danger={a.danger} disabled={a.disabled} onClick={a.onClick}>
            {a.label}
          </Button>
        )
        return a.tip ? (
          <Tooltip key={a.key} title={a.tip}>
            {button}
          </Tooltip>
        ) : (
          button
        )
      })}
      {menu.length > 0 && (
        <Dropdown
          // Hover for the mouse, click for touch screens (and for whoever clicks it anyway).
          trigger={['hover', 'click']}
          menu={{
            items: menu.map((a) => ({ key: a.key, label: a.label, danger: a.danger, disabled: a.disabled })),
            onClick: ({ key }) => menu.find((a) => a.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small">
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  )
}

/** The 操作 column (fixed right, so column settings never hide it). */
export function actionColumn<T>(render: (row: T) => ReactNode, width = 130): TableColumnType<T> {
  return { title: '操作', key: 'actions', fixed: 'right', width, render: (_: unknown, row: T) => render(row) }
}
