import { PERM } from '@/api/permissions'
import { get, post, type Page } from '@/api/request'
import { ChildTable, defineResource, DetailDrawer, ResourceDescriptions, wholeList } from '@/components/crud'
import type { TrailEntry } from '@/components/trail/ChangeTrail'
import { useHasPermission } from '@/components/Permission'
import { API, cadreResource, MANAGED_TABLE, SUB_TABLES, subApi, type Cadre, type SubRow, type SubTable } from './resource'

interface Props {
  id: number
  onClose: () => void
  /** After a restore or an edit changed the cadre. */
  onChanged: () => void
}

/** The rows of one information type of a cadre, edited in place (each change is trailed under the cadre). */
function SubTableTab({ cadreId, table, onChanged }: { cadreId: number; table: SubTable; onChanged: () => void }) {
  const api = subApi(cadreId, table.path)
  const resource = defineResource<SubRow>({
    key: `gbjbxx-${cadreId}-${table.path}`,
    noun: table.noun,
    api: { fetch: wholeList(api.list), create: api.save, update: api.save, remove: api.remove },
    titleOf: table.title,
    emptyText: `暂无${table.noun}`,
    scrollX: 760,
    fields: table.fields,
  })
  return <ChildTable<SubRow> resource={resource} need={[PERM.gbjbxxEdit]} deleteKind={table.noun} onChanged={onChanged} />
}

/** A cadre's details: 基本信息, the information types 2–13, 证件 and 分管部门 as tabs, and 变动轨迹 (all of them) with restore. */
export default function CadreDrawer({ id, onClose, onChanged }: Props) {
  const canEdit = useHasPermission([PERM.gbjbxxEdit])
  return (
    <DetailDrawer<Cadre>
      queryKey={['gbjbxx', 'detail', id]}
      load={() => get<Cadre>(`${API}/${id}`)}
      title={(c) => `干部详情：${c.name}`}
      loadingTitle="干部详情"
      missing="干部不存在或不在您的管理范围内"
      info={(c) => <ResourceDescriptions fields={cadreResource.fields} record={c} />}
      tabs={[...SUB_TABLES, MANAGED_TABLE].map((t) => ({
        key: t.path,
        label: t.tab,
        children: <SubTableTab cadreId={id} table={t} onChanged={onChanged} />,
      }))}
      trail={{
        fetch: (page, size) => get<Page<TrailEntry>>(`${API}/${id}/trail`, { page, size }),
        restore: (trailId) => post(`${API}/trail/restore`, { trailId }),
        canRestore: canEdit,
      }}
      onClose={onClose}
      onChanged={onChanged}
    />
  )
}
