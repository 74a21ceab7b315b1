import { useQueryClient } from '@tanstack/react-query'
import { DICT_UNIT_STATUS, DICT_UNIT_TYPE } from '@/api/dicts'
import { PERM } from '@/api/permissions'
import { Space, Tag } from 'antd'
import { useState } from 'react'
import { actionColumn, AddButton, CrudTable, ImportButton, ResourceForm, RowActions, searchFieldsOf, useCrud, useResourceColumns } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { useLinkedRecord } from '@/components/useLinkedRecord'
import UnitDetailDrawer from './components/UnitDetailDrawer'
import { confirmRestore, UnitRevokeDialog } from './components/UnitOps'
import { unitResource as res } from './resource'
import { isBrowsing, unitDetail } from './service'
import { UNIT_STATUS_NORMAL, type Unit } from './types'

type Editing = { unit: Unit | null; parent: Unit | null }

/** 单位基本信息: the units as a tree while browsing, a paged list while searching. */
export default function UnitPage() {
  const crud = useCrud<Unit>({ key: res.key, fetch: res.api.fetch })
  const client = useQueryClient()
  const dicts = useDicts(DICT_UNIT_TYPE, DICT_UNIT_STATUS)
  const fields = useResourceColumns(res)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [revoking, setRevoking] = useState<Unit | null>(null)
  // The detail opens from the row, or from a link (?id=) of the unit trail page.
  const [viewing, setViewing, closeDetail] = useLinkedRecord()
  const tree = isBrowsing(crud.query.filters)

  // Pickers elsewhere cache the units: refresh them with the list.
  const changed = () => {
    crud.reload()
    void client.invalidateQueries({ queryKey: ['dwxx'] })
  }

  const edit = async (u: Unit) => {
    try {
      setEditing({ unit: await unitDetail(u.id), parent: null })
    } catch {
      /* shown by the request pipeline */
    }
  }

  // A tree cannot be sorted by the server: sorting is for the searched list.
  const columns = fields.map((c) => (tree ? { ...c, sorter: false } : c))
  columns[0] = {
    ...columns[0],
    render: (v: string, u: Unit) => (
      <Space size={4}>
        <a onClick={() => setViewing(u.id)}>{v}</a>
        {!u.hasInfo && <Tag color="orange">信息未完善</Tag>}
      </Space>
    ),
  }
  columns.push(
    actionColumn<Unit>((u) => {
      const live = u.status === UNIT_STATUS_NORMAL
      return (
        <RowActions
          actions={[
            { key: 'detail', label: '详情', onClick: () => setViewing(u.id) },
            { key: 'child', label: '新增下级', need: PERM.dwAdd, hidden: !live, onClick: () => setEditing({ unit: null, parent: u }) },
            { key: 'edit', label: u.hasInfo ? '编辑' : '完善信息', need: PERM.dwEdit, onClick: () => void edit(u) },
          ]}
          more={[
            { key: 'revoke', label: '撤销', danger: true, need: PERM.dwDel, hidden: !(u.hasInfo && live), onClick: () => setRevoking(u) },
            { key: 'restore', label: '恢复', need: PERM.dwDel, hidden: live, onClick: () => void confirmRestore(u).then((ok) => ok && changed()) },
          ]}
        />
      )
    }, 230),
  )

  const parent = editing?.parent
  return (
    <>
      <CrudTable<Unit>
        crud={crud}
        tree={tree}
        columns={columns}
        columnsKey={res.columnsKey}
        searchFields={searchFieldsOf(res, dicts)}
        scrollX={res.scrollX}
        exportAction={res.export}
        emptyText={tree ? '暂无单位' : '没有符合条件的单位'}
        toolbar={
          <>
            <AddButton need={PERM.dwAdd} onClick={() => setEditing({ unit: null, parent: null })} />
            <ImportButton need={PERM.dwImport} kind="dw" title="单位信息" onDone={changed} />
          </>
        }
      />
      {editing && (
        <ResourceForm<Unit>
          resource={res}
          record={editing.unit}
          title={parent ? `新增“${parent.name}”的下级单位` : undefined}
          initial={parent ? { pid: parent.id, parentName: parent.name } : undefined}
          onClose={() => setEditing(null)}
          onDone={changed}
        />
      )}
      {revoking && <UnitRevokeDialog unit={revoking} onClose={() => setRevoking(null)} onDone={changed} />}
      {viewing !== null && <UnitDetailDrawer id={viewing} onClose={closeDetail} onChanged={changed} />}
    </>
  )
}
