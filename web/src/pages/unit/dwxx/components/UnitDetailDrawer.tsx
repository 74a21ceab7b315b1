import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Descriptions, Drawer, Empty, Spin, Tabs, Tag } from 'antd'
import { useHasPermission } from '@/components/Permission'
import ChangeTrail from '@/components/trail/ChangeTrail'
import { formatTime } from '@/utils/time'
import { restoreUnitTrail, unitDetail, unitTrail } from '../service'
import { UNIT_STATUS_NORMAL } from '../types'
import Teams from './Teams'

export const statusTag = (status: string, label: string) =>
  status === UNIT_STATUS_NORMAL ? <Tag color="green">{label || '正常'}</Tag> : <Tag>{label || '撤销'}</Tag>

interface Props {
  id: number
  onClose: () => void
  /** After a restore changed the unit. */
  onChanged: () => void
}

/** A unit's information, its leadership teams and its change trail with restore. */
export default function UnitDetailDrawer({ id, onClose, onChanged }: Props) {
  const client = useQueryClient()
  const canEdit = useHasPermission(['dw:edit'])
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
              children: (
                <Descriptions bordered size="small" column={2}>
                  <Descriptions.Item label="单位名称">{d.name}</Descriptions.Item>
                  <Descriptions.Item label="单位简称">{d.shortName}</Descriptions.Item>
                  <Descriptions.Item label="单位编码">{d.code}</Descriptions.Item>
                  <Descriptions.Item label="状态">{d.hasInfo ? statusTag(d.status, d.statusLabel) : <Tag color="orange">信息未完善</Tag>}</Descriptions.Item>
                  <Descriptions.Item label="单位类型">{d.typeLabel}</Descriptions.Item>
                  <Descriptions.Item label="上级单位">{d.parentName || '无（顶级）'}</Descriptions.Item>
                  <Descriptions.Item label="对应党组织">{d.dzzName}</Descriptions.Item>
                  <Descriptions.Item label="负责人">{d.leaderName}</Descriptions.Item>
                  <Descriptions.Item label="联系电话">{d.contactPhone}</Descriptions.Item>
                  <Descriptions.Item label="成立日期">{d.foundedOn}</Descriptions.Item>
                  {d.revokedOn && <Descriptions.Item label="撤销日期">{d.revokedOn}</Descriptions.Item>}
                  <Descriptions.Item label="排序">{d.sort}</Descriptions.Item>
                  <Descriptions.Item label="备注" span="filled">
                    {d.remark}
                  </Descriptions.Item>
                  <Descriptions.Item label="更新时间">{formatTime(d.updateTime)}</Descriptions.Item>
                </Descriptions>
              ),
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
