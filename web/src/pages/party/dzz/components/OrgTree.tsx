import { DownOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Dropdown, Space, Tag, Tooltip, type MenuProps, type TableProps } from 'antd'
import { useEffect, useState, type Key } from 'react'
import { confirmAction, CrudTable, useCrud } from '@/components/crud'
import { ImportWizard } from '@/components/import'
import { useLinkedRecord } from '@/components/useLinkedRecord'
import Permission, { useHasPermission } from '@/components/Permission'
import { flatten } from '@/utils/tree'
import { deleteOrgs, fetchTree, orgDetail } from '../service'
import { ORG_STATUS_NORMAL, type OrgNode } from '../types'
import OrgDetailDrawer from './OrgDetailDrawer'
import OrgOpDialog, { type OrgOp } from './OrgOps'

const STATUS_OPTIONS = [
  { label: '正常', value: '1' },
  { label: '撤销', value: '2' },
  { label: '全部', value: 'all' },
]

/** The organisation tree with member counts and every operation on a node. */
export default function OrgTree() {
  const crud = useCrud<OrgNode>({ key: 'dzz-tree', fetch: fetchTree, pageSize: 1 })
  const client = useQueryClient()
  const canAdd = useHasPermission(['dzz:add'])
  const canEdit = useHasPermission(['dzz:edit'])
  const canDel = useHasPermission(['dzz:del'])
  const canMove = useHasPermission(['dzz:move'])
  const [op, setOp] = useState<OrgOp | null>(null)
  // The detail opens from the row, or from a link (?id=) of the organisation trail page.
  const [viewing, setViewing, closeDetail] = useLinkedRecord()
  const [importing, setImporting] = useState(false)
  const [expanded, setExpanded] = useState<Key[]>([])
  const searching = !!crud.query.filters.name

  // Each load opens the top level; a name search opens everything so the matches show.
  useEffect(() => {
    if (crud.rows.length === 0) return
    setExpanded(searching ? flatten(crud.rows).map((n) => n.id) : crud.rows.map((n) => n.id))
  }, [crud.rows, searching])

  // Pickers elsewhere cache the organisations: refresh them with the tree.
  const changed = () => {
    crud.reload()
    void client.invalidateQueries({ queryKey: ['dzz'] })
  }

  const edit = async (n: OrgNode) => {
    try {
      setOp({ kind: 'edit', detail: await orgDetail(n.id) })
    } catch {
      /* shown by the request pipeline */
    }
  }

  const remove = (n: OrgNode) =>
    confirmAction(
      `确定删除“${n.name}”吗？删除只用于误录的组织：有下级组织、有党员或已有变动记录的组织不能删除，请改为撤销。`,
      () => deleteOrgs([n.id]),
      '删除成功',
      true,
    ).then((ok) => ok && changed())

  const menu = (n: OrgNode): MenuProps['items'] => {
    const live = n.status === ORG_STATUS_NORMAL
    const items: MenuProps['items'] = []
    if (canEdit && live) items.push({ key: 'rename', label: '更名' })
    if (canMove && live) items.push({ key: 'move', label: '调整上级' }, { key: 'merge', label: '合并到…' }, { key: 'split', label: '拆分' })
    if (canDel && live) items.push({ key: 'revoke', label: '撤销', danger: true })
    if (canDel) items.push({ key: 'delete', label: '删除', danger: true })
    return items
  }

  const onMenu = (n: OrgNode, key: string) => {
    if (key === 'delete') void remove(n)
    else if (key === 'merge') setOp({ kind: 'merge', sources: [n] })
    else setOp({ kind: key as 'move' | 'split' | 'rename' | 'revoke', node: n })
  }

  const columns: TableProps<OrgNode>['columns'] = [
    {
      title: '党组织名称',
      dataIndex: 'name',
      render: (v: string, n) => (
        <Space size={4}>
          <a onClick={() => setViewing(n.id)}>{v}</a>
          {n.status !== ORG_STATUS_NORMAL && <Tag>已撤销</Tag>}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'typeLabel', key: 'type', width: 110 },
    { title: '编码', dataIndex: 'code', width: 130 },
    {
      title: '党员',
      dataIndex: 'memberCount',
      width: 120,
      render: (v: number, n) => (
        <Tooltip title={`本组织 ${v} 人，其中正式党员 ${n.fullCount} 人`}>
          {v}（正式 {n.fullCount}）
        </Tooltip>
      ),
    },
    { title: '含下级党员', dataIndex: 'totalCount', width: 110 },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 260,
      render: (_, n) => {
        const live = n.status === ORG_STATUS_NORMAL
        const more = menu(n)
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setViewing(n.id)}>
              详情
            </Button>
            {canAdd && live && (
              <Button type="link" size="small" onClick={() => setOp({ kind: 'create', parent: n })}>
                新增下级
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => void edit(n)}>
                编辑
              </Button>
            )}
            {more && more.length > 0 && (
              <Dropdown menu={{ items: more, onClick: ({ key }) => onMenu(n, key) }}>
                <Button type="link" size="small">
                  更多 <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        )
      },
    },
  ]

  return (
    <>
      <CrudTable<OrgNode>
        crud={crud}
        tree
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
        columns={columns}
        columnsKey="party.dzz.tree"
        emptyText="暂无党组织"
        exportAction={{ url: '/api/dzzxx/export', fileName: '党组织信息.xlsx' }}
        searchFields={[
          { name: 'name', label: '名称', placeholder: '名称或简称' },
          { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
        ]}
        batchActions={
          canMove
            ? (sel) => (
                <Button
                  disabled={sel.rows.length === 0}
                  onClick={() => {
                    setOp({ kind: 'merge', sources: sel.rows })
                    sel.clear()
                  }}
                >
                  合并选中
                </Button>
              )
            : undefined
        }
        toolbar={
          <>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setOp({ kind: 'create', parent: null })}>
                新增
              </Button>
            )}
            <Permission need={['dzz:import']}>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            </Permission>
          </>
        }
      />
      {op && <OrgOpDialog op={op} onClose={() => setOp(null)} onDone={changed} />}
      {viewing !== null && <OrgDetailDrawer id={viewing} onClose={closeDetail} onChanged={changed} />}
      {importing && <ImportWizard kind="dzzxx" title="党组织" onClose={() => setImporting(false)} onDone={changed} />}
    </>
  )
}
