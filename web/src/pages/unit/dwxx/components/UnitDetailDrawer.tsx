import { PERM } from '@/api/permissions'
import { DetailDrawer, ResourceDescriptions } from '@/components/crud'
import { useHasPermission } from '@/components/Permission'
import { unitResource } from '../resource'
import { restoreUnitTrail, unitDetail, unitTrail } from '../service'
import Teams from './Teams'

interface Props {
  id: number
  onClose: () => void
  /** After a restore changed the unit. */
  onChanged: () => void
}

/** A unit's information, its leadership teams and its change trail with restore. */
export default function UnitDetailDrawer({ id, onClose, onChanged }: Props) {
  const canEdit = useHasPermission([PERM.dwEdit])
  return (
    <DetailDrawer
      queryKey={['dwxx', 'detail', id]}
      load={() => unitDetail(id)}
      title={(d) => `单位详情：${d.name}`}
      loadingTitle="单位详情"
      missing="单位不存在或不在您的管理范围内"
      info={(d) => <ResourceDescriptions fields={unitResource.fields} record={d} />}
      tabs={[{ key: 'ldbz', label: '领导班子', children: <Teams unitId={id} canEdit={canEdit} /> }]}
      trail={{ fetch: (page, size) => unitTrail(id, page, size), restore: restoreUnitTrail, canRestore: canEdit }}
      onClose={onClose}
      onChanged={onChanged}
    />
  )
}
