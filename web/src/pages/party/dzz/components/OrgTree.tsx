import { useQueryClient } from '@tanstack/react-query'
import { PERM } from '@/api/permissions'
import { Button, Space, Tag, Tooltip, type TableProps } from 'antd'
import { useEffect, useState, type Key } from 'react'
import { actionColumn, AddButton, confirmDeleteOf, CrudTable, ImportButton, RowActions, searchFieldsOf, useCrud } from '@/components/crud'
import { useLinkedRecord } from '@/components/useLinkedRecord'
import { useHasPermission } from '@/components/Permission'
import { flatten } from '@/utils/tree'
import { orgResource as res } from '../resource'
import { deleteOrgs, orgDetail } from '../service'
import { ORG_STATUS_NORMAL, type OrgNode } from '../types'
import CoverageDialog from './CoverageDialog'
import OrgDetailDrawer from './OrgDetailDrawer'
import OrgOpDialog, { type OrgOp } from './OrgOps'

/** 党支部 and 直属党支部: the organisations whose coverage of the people registry is set. */
const isBranch = (type: string) => type === '4' || type === '5'

/** The organisation tree with member counts and every operation on a node. */
export default function OrgTree() {
  const crud = useCrud<OrgNode>({ key: res.key, fetch: res.api.fetch, pageSize: 1 })
  const client = useQueryClient()
  const canMove = useHasPermission([PERM.dzzMove])
  const [op, setOp] = useState<OrgOp | null>(null)
  const [covering, setCovering] = useState<OrgNode | null>(null)
  // The detail opens from the row, or from a link (?id=) of the organisation trail page.
  const [viewing, setViewing, closeDetail] = useLinkedRecord()
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

  // Both start from the organisation as its detail answers it.
  const withDetail = (kind: 'edit' | 'leaders') => async (n: OrgNode) => {
    try {
      const detail = await orgDetail(n.id)
      setOp(kind === 'edit' ? { kind, detail } : { kind, detail })
    } catch {
      /* shown by the request pipeline */
    }
  }
  const edit = withDetail('edit')

  const remove = (n: OrgNode) =>
    confirmDeleteOf(n.name, () => deleteOrgs([n.id]), {
      note: '删除只用于误录的组织：有下级组织、有党员或已有变动记录的组织不能删除，请改为撤销。',
    }).then((ok) => ok && changed())

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
    actionColumn<OrgNode>((n) => {
      const dead = n.status !== ORG_STATUS_NORMAL
      const op = (kind: 'move' | 'split' | 'rename' | 'revoke') => () => setOp({ kind, node: n })
      return (
        <RowActions
          actions={[
            { key: 'detail', label: '详情', onClick: () => setViewing(n.id) },
            { key: 'child', label: '新增下级', need: PERM.dzzAdd, hidden: dead, onClick: () => setOp({ kind: 'create', parent: n }) },
            { key: 'edit', label: '编辑', need: PERM.dzzEdit, onClick: () => void edit(n) },
          ]}
          more={[
            { key: 'leaders', label: '设置书记/委员', need: PERM.dzzEdit, hidden: dead, onClick: () => void withDetail('leaders')(n) },
            {
              key: 'coverage',
              label: '覆盖范围',
              need: PERM.dzzEdit,
              hidden: dead || !isBranch(n.type),
              onClick: () => setCovering(n),
            },
            { key: 'rename', label: '更名', need: PERM.dzzEdit, hidden: dead, onClick: op('rename') },
            { key: 'move', label: '调整上级', need: PERM.dzzMove, hidden: dead, onClick: op('move') },
            { key: 'merge', label: '合并到…', need: PERM.dzzMove, hidden: dead, onClick: () => setOp({ kind: 'merge', sources: [n] }) },
            { key: 'split', label: '拆分', need: PERM.dzzMove, hidden: dead, onClick: op('split') },
            { key: 'revoke', label: '撤销', danger: true, need: PERM.dzzDel, hidden: dead, onClick: op('revoke') },
            { key: 'delete', label: '删除', danger: true, need: PERM.dzzDel, onClick: () => void remove(n) },
          ]}
        />
      )
    }, 260),
  ]

  return (
    <>
      <CrudTable<OrgNode>
        crud={crud}
        tree
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
        columns={columns}
        columnsKey={res.columnsKey}
        emptyText="暂无党组织"
        exportAction={res.export}
        // The tree filters by name and status: no dictionary to load.
        searchFields={searchFieldsOf(res, {})}
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
            <AddButton need={PERM.dzzAdd} onClick={() => setOp({ kind: 'create', parent: null })} />
            <ImportButton need={PERM.dzzImport} kind="dzzxx" title="党组织" onDone={changed} />
          </>
        }
      />
      {covering && <CoverageDialog node={covering} onClose={() => setCovering(null)} />}
      {op && <OrgOpDialog op={op} onClose={() => setOp(null)} onDone={changed} />}
      {viewing !== null && <OrgDetailDrawer id={viewing} onClose={closeDetail} onChanged={changed} />}
    </>
  )
}
