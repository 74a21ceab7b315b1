import { useQuery } from '@tanstack/react-query'
import { Button, Card, Empty, Space, Spin, Tree, Typography } from 'antd'
import { useEffect, useMemo, useState, type Key } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import { MENU_BUTTON, MENU_TYPE_LABELS, type Menu } from '../../shared/menu'
import { flatten, leafIds, withAncestors } from '@/utils/tree'
import { getRole, menuTree, saveRoleMenus } from '../service'
import type { Role } from '../types'

interface Props {
  role: Pick<Role, 'id' | 'name' | 'editable'> | null
}

interface MenuOption {
  key: number
  title: string
  children?: MenuOption[]
}

const toOptions = (nodes: Menu[] | undefined): MenuOption[] =>
  (nodes ?? []).map((m) => ({
    key: m.id,
    title: m.type === MENU_BUTTON ? `${m.title}${m.permission ? `（${m.permission}）` : ''}` : `${m.title} · ${MENU_TYPE_LABELS[m.type] ?? ''}`,
    children: m.children && m.children.length > 0 ? toOptions(m.children) : undefined,
  }))

/**
 * Only leaves go into `checked`: the tree derives its parents from them. A stored parent id in
 * `checked` would tick every child, granting more than the role has.
 */
export function initialChecked(tree: Menu[], menus: number[]): number[] {
  const leaves = leafIds(tree)
  return menus.filter((id) => leaves.has(id))
}

/** The role's menus and buttons as a checkable tree; saving sends the checked ids with their parents. */
export default function MenuPermission({ role }: Props) {
  const canList = useHasPermission([PERM.menuList])
  // Roles the caller holds or does not manage are shown read-only.
  const canEdit = useHasPermission([PERM.roleEdit]) && !!role?.editable
  const tree = useQuery({ queryKey: ['menus', 'tree'], queryFn: menuTree, enabled: canList && !!role })
  const detail = useQuery({ queryKey: ['role', role?.id], queryFn: () => getRole(role!.id), enabled: canList && !!role })
  const [checked, setChecked] = useState<Key[]>([])
  const [saving, setSaving] = useState(false)
  const options = useMemo(() => toOptions(tree.data), [tree.data])
  const allKeys = useMemo(() => flatten(tree.data ?? []).map((m) => m.id), [tree.data])

  useEffect(() => {
    if (tree.data && detail.data) {
      setChecked(initialChecked(tree.data, detail.data.menus))
    }
  }, [tree.data, detail.data])

  const save = async () => {
    if (!role) return
    setSaving(true)
    try {
      // Checked nodes plus their (half-)checked parents: a page is only reachable with its directory.
      await saveRoleMenus(role.id, withAncestors(tree.data ?? [], checked.map(Number)))
      ui.message.success('菜单权限已保存')
      void detail.refetch()
    } catch {
      /* shown by the request pipeline */
    } finally {
      setSaving(false)
    }
  }

  const title = role ? `菜单分配：${role.name}` : '菜单分配'
  const extra = role && canList && canEdit && (
    <Space>
      <Button size="small" onClick={() => setChecked(allKeys)}>
        全选
      </Button>
      <Button size="small" onClick={() => setChecked([])}>
        清空
      </Button>
      <Button type="primary" size="small" loading={saving} onClick={save}>
        保存
      </Button>
    </Space>
  )

  return (
    <Card variant="borderless" title={title} extra={extra} styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflow: 'auto' } }}>
      {!role ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="点击左侧角色，分配菜单和按钮权限" />
      ) : !canList ? (
        <Typography.Text type="secondary">没有查看菜单的权限（menu:list），无法分配菜单。</Typography.Text>
      ) : tree.isLoading || detail.isLoading ? (
        <Spin />
      ) : (
        <Tree
          checkable
          selectable={false}
          disabled={!canEdit}
          treeData={options}
          defaultExpandedKeys={allKeys}
          checkedKeys={checked}
          onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
        />
      )}
    </Card>
  )
}
