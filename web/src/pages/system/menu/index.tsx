import { Space, Tag, type TableProps } from 'antd'
import { PERM } from '@/api/permissions'
import { useState } from 'react'
import { actionColumn, AddButton, confirmAction, CrudTable, editAction, RowActions, useCrud } from '@/components/crud'
import MenuIcon from '@/components/MenuIcon'
import { usePermissionStore } from '@/stores/permission'
import { MENU_BUTTON, MENU_DIR, MENU_TYPE_LABELS, type Menu } from '../shared/menu'
import { countNodes } from '@/utils/tree'
import MenuForm from './components/MenuForm'
import { deleteMenus, fetchMenuTree } from './service'

const TYPE_COLORS: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'default' }

/** What the delete confirmation says: entries below are deleted too. */
export function deleteWarning(m: Menu): string {
  const below = countNodes(m.children ?? [])
  return below > 0 ? `“${m.title}”下还有 ${below} 个子菜单或按钮，将一并删除，且不可恢复。` : `确定删除“${m.title}”吗？`
}

/** 菜单管理: the full menu tree (directories, pages, buttons) as a tree table. */
export default function MenuPage() {
  // The endpoint answers the whole tree; one big page keeps every root on screen.
  const crud = useCrud<Menu>({ key: 'menus', fetch: fetchMenuTree, pageSize: 1000 })
  const [editing, setEditing] = useState<{ menu: Menu | null; parent: Menu | null } | null>(null)

  // The sidebar is built from the same menus: refresh it along with the table.
  const changed = () => {
    crud.reload()
    void usePermissionStore
      .getState()
      .loadMenus()
      .catch(() => undefined)
  }

  const columns: TableProps<Menu>['columns'] = [
    {
      title: '菜单标题',
      dataIndex: 'title',
      width: 240,
      render: (v: string, m) => (
        <Space size={6}>
          {m.type !== MENU_BUTTON && <MenuIcon name={m.icon} />}
          {v}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'type', width: 80, render: (t: number) => <Tag color={TYPE_COLORS[t]}>{MENU_TYPE_LABELS[t] ?? t}</Tag> },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '权限标识', dataIndex: 'permission', ellipsis: true },
    { title: '组件路径', dataIndex: 'component', ellipsis: true },
    { title: '路由地址', dataIndex: 'path', ellipsis: true, render: (v: string, m) => m.extpath || v },
    { title: '隐藏', dataIndex: 'hidden', width: 70, render: (v: boolean, m) => (m.type === MENU_BUTTON ? '' : v ? <Tag>隐藏</Tag> : '显示') },
    { title: '缓存', dataIndex: 'noCache', width: 70, render: (v: boolean, m) => (m.type === MENU_DIR || m.type === MENU_BUTTON ? '' : v ? '不缓存' : '缓存') },
    actionColumn<Menu>(
      (m) => (
        <RowActions
          actions={[
            { key: 'child', label: '新增下级', need: PERM.menuAdd, hidden: m.type === MENU_BUTTON, onClick: () => setEditing({ menu: null, parent: m }) },
            editAction(PERM.menuEdit, () => setEditing({ menu: m, parent: null })),
            {
              key: 'del',
              label: '删除',
              need: PERM.menuDel,
              danger: true,
              onClick: () => void confirmAction(deleteWarning(m), () => deleteMenus([m.id]), '删除成功', true).then((done) => done && changed()),
            },
          ]}
        />
      ),
      200,
    ),
  ]

  return (
    <>
      <CrudTable<Menu>
        crud={crud}
        columns={columns}
        searchFields={[{ name: 'blurry', label: '关键字', placeholder: '标题、权限标识或组件' }]}
        toolbar={<AddButton need={PERM.menuAdd} onClick={() => setEditing({ menu: null, parent: null })} />}
        scrollX={1200}
      />
      {editing && <MenuForm menu={editing.menu} parent={editing.parent} onClose={() => setEditing(null)} onDone={changed} />}
    </>
  )
}
