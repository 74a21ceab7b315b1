import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PERM } from '@/api/permissions'
import { Drawer, Empty, Spin, Tabs } from 'antd'
import { ResourceDescriptions } from '@/components/crud'
import { useHasPermission } from '@/components/Permission'
import ChangeTrail from '@/components/trail/ChangeTrail'
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
  const client = useQueryClient()
  const canEdit = useHasPermission([PERM.dwEdit])
  const q = useQuery({ queryKey: ['dwxx', 'detail', id], queryFn: () => unitDetail(id) })
  const d = q.data

  return (
    <Drawer open size={820} title={d ? `单位详情：${d.name}` : '单位详情'} onClose={onClose}>
      {q.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : !d ? (
        <Empty description="单位不存在或不在您的管理范围内" />
      ) : (
        <Tabs
          items={[
            {
              key: 'info',
              label: '基本信息',
              children: <ResourceDescriptions fields={unitResource.fields} record={d} />,
            },
            { key: 'ldbz', label: '领导班子', children: <Teams unitId={id} canEdit={canEdit} /> },
            {
              key: 'trail',
              label: '变动轨迹',
              children: (
                <ChangeTrail
                  queryKey={['dwxx', 'trail', id]}
                  fetch={(page, size) => unitTrail(id, page, size)}
                  restore={restoreUnitTrail}
                  canRestore={canEdit}
                  onRestored={() => {
                    void client.invalidateQueries({ queryKey: ['dwxx', 'detail', id] })
                    onChanged()
                  }}
                />
              ),
            },
          ]}
        />
      )}
    </Drawer>
  )
}
