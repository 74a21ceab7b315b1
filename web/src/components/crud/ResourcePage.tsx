import type { TableColumnType } from 'antd'
import { useState, type ReactNode } from 'react'
import { useDicts } from '@/components/dict/useDicts'
import { useHasPermission } from '@/components/Permission'
import AddButton from './AddButton'
import CrudTable, { type ExportAction, type Selection } from './CrudTable'
import ImportButton from './ImportButton'
import { dictsOf, idOf, titleOf, type Resource } from './resource'
import ResourceForm from './ResourceForm'
import { useResourceColumns } from './resourceColumns'
import { searchFieldsOf } from './resourceSearch'
import RowActions, { actionColumn, type RowAction } from './RowActions'
import { deleteAction, editAction, type DeleteActionOptions } from './rowActionsOf'
import TrailDrawer from './TrailDrawer'
import { useCrud, type Crud } from './useCrud'
import { useUnmaskedExport } from './UnmaskedExport'

/** What a page's own actions can do on the list. */
export interface ResourcePageApi<T> {
  crud: Crud<T>
  /** Opens the edit form with the record as the detail answers it. */
  edit: (row: T) => void
}

interface Props<T> {
  resource: Resource<T>
  /** Row actions before 编辑 (e.g. 详情). */
  rowActions?: (row: T, page: ResourcePageApi<T>) => RowAction[]
  /** Row actions behind 更多. */
  moreActions?: (row: T, page: ResourcePageApi<T>) => RowAction[]
  actionWidth?: number
  /** The 新增 button's label (default 新增). */
  addLabel?: string
  /** Toolbar items after 新增 and 导入 (a function: those that act on the list, e.g. reload it). */
  toolbar?: ReactNode | ((page: ResourcePageApi<T>) => ReactNode)
  /** Batch buttons for the chosen rows (makes rows selectable; the selection survives paging). */
  batchActions?: (selection: Selection<T>, page: ResourcePageApi<T>) => ReactNode
  /** The page's own dialogs and drawers (opened by its toolbar, batch or row actions), after the list. */
  dialogs?: (page: ResourcePageApi<T>) => ReactNode
  /** Replaces the resource's export (e.g. with parameters the page chooses). */
  exportAction?: ExportAction | null
  /** Values a new record starts with, from the list's filters (e.g. the chosen organisation). */
  newValues?: (filters: Record<string, unknown>) => Record<string, unknown>
  /** Sends the form's body instead of the resource's create/update. */
  submit?: (body: Record<string, unknown>, record: T | null) => Promise<unknown>
  /** Whether a row offers 编辑 (default: every row, to holders of permissions.edit). */
  canEdit?: (row: T) => boolean
  /** Whether a row offers 变动轨迹 when the resource keeps a trail (default: every row). */
  hasTrail?: (row: T) => boolean
  /** A 删除 row action after 编辑 (holders of permissions.del), asking as these options say. */
  deleteRow?: (row: T) => DeleteActionOptions
  /** Batch 删除 of the chosen rows (default: with permissions.del). */
  batchDelete?: boolean
  /** Adjusts the resource's columns (e.g. a cell that opens something on the page). */
  mapColumns?: (columns: TableColumnType<T>[]) => TableColumnType<T>[]
  /** After a save (`saved`: the edited record, null for a new one) or a delete, besides the reload. */
  onChanged?: (change: { saved?: T | null; deleted?: number[] }) => void
}

/**
 * The page of a plain resource, all from its definition: search form, table with column
 * settings, 新增 / 导入 / 导出 / batch 删除, the 编辑 (and 变动轨迹) row actions and the create/edit form.
 */
export default function ResourcePage<T extends object>({
  resource: res,
  rowActions,
  moreActions,
  actionWidth,
  addLabel,
  toolbar,
  batchActions,
  dialogs,
  exportAction,
  newValues,
  submit,
  canEdit,
  hasTrail,
  deleteRow,
  batchDelete = true,
  mapColumns,
  onChanged,
}: Props<T>) {
  const crud = useCrud<T>({ key: res.key, fetch: res.api.fetch })
  const dicts = useDicts(...dictsOf(res.fields))
  const perms = res.permissions ?? {}
  const canDelete = useHasPermission(perms.del ? [perms.del] : []) && !!perms.del && !!res.api.remove
  const canExport = useHasPermission(perms.export ? [perms.export] : []) || !perms.export
  const canRestore = useHasPermission(perms.edit ? [perms.edit] : [])
  // A resource shown in clear to holders of permissions.unmask exports so too, with a reason.
  const unmasked = useUnmaskedExport(res.export && perms.unmask)
  const exported = exportAction === undefined ? (canExport ? res.export : undefined) : (exportAction ?? undefined)
  const [editing, setEditing] = useState<T | 'new' | null>(null)
  const [trailOf, setTrailOf] = useState<T | null>(null)
  const resourceColumns = useResourceColumns(res)
  const columns = mapColumns ? mapColumns(resourceColumns) : resourceColumns
  const remove = async (ids: number[]) => {
    await res.api.remove!(ids)
    onChanged?.({ deleted: ids })
  }

  const edit = async (row: T) => {
    try {
      setEditing(res.api.detail ? await res.api.detail(idOf(row)) : row)
    } catch {
      /* e.g. deleted meanwhile: shown by the request pipeline */
    }
  }
  const page: ResourcePageApi<T> = { crud, edit: (row) => void edit(row) }
  const actions = (row: T): RowAction[] => [
    ...(rowActions?.(row, page) ?? []),
    ...(res.api.update ? [editAction(perms.edit, () => page.edit(row), { hidden: canEdit && !canEdit(row) })] : []),
    ...(res.trail ? [{ key: 'trail', label: '变动轨迹', hidden: hasTrail && !hasTrail(row), onClick: () => setTrailOf(row) }] : []),
    ...(deleteRow && canDelete ? [deleteAction(perms.del!, titleOf(res, row), () => remove([idOf(row)]), crud.reload, { kind: res.noun, ...deleteRow(row) })] : []),
  ]

  return (
    <>
      <CrudTable<T>
        crud={crud}
        columns={
          res.api.update || res.trail || rowActions || moreActions || deleteRow
            ? [...columns, actionColumn<T>((row) => <RowActions actions={actions(row)} more={moreActions?.(row, page)} />, actionWidth ?? 80)]
            : columns
        }
        columnsKey={res.columnsKey}
        searchFields={searchFieldsOf(res, dicts)}
        searchVisible={res.searchVisible}
        scrollX={res.scrollX}
        onDelete={canDelete && batchDelete ? (ids) => remove(ids as number[]) : undefined}
        nameOf={(row) => titleOf(res, row)}
        noun={res.noun}
        exportAction={exported && { ...exported, ask: unmasked.ask }}
        emptyText={res.emptyText ?? `暂无${res.noun}`}
        noMatchText={res.noMatchText}
        batchActions={batchActions && ((selection) => batchActions(selection, page))}
        toolbar={
          <>
            {res.api.create && (
              <AddButton need={perms.add} onClick={() => setEditing('new')}>
                {addLabel}
              </AddButton>
            )}
            {res.importKind && perms.import && <ImportButton need={perms.import} kind={res.importKind} title={`${res.noun}信息`} onDone={crud.reload} />}
            {exported && unmasked.control}
            {typeof toolbar === 'function' ? toolbar(page) : toolbar}
          </>
        }
      />
      {editing && (
        <ResourceForm<T>
          resource={res}
          record={editing === 'new' ? null : editing}
          initial={editing === 'new' ? newValues?.(crud.query.filters) : undefined}
          submit={submit}
          onClose={() => setEditing(null)}
          onDone={() => {
            crud.reload()
            onChanged?.({ saved: editing === 'new' ? null : editing })
          }}
        />
      )}
      {dialogs?.(page)}
      {trailOf && res.trail && (
        <TrailDrawer
          api={res.trail}
          id={idOf(trailOf)}
          title={titleOf(res, trailOf)}
          canRestore={canRestore && !!perms.edit}
          onClose={() => setTrailOf(null)}
          onRestored={crud.reload}
        />
      )}
    </>
  )
}
