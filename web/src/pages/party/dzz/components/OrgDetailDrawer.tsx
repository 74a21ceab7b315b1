import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PERM } from '@/api/permissions'
import { Alert, Descriptions, Drawer, Empty, Space, Spin, Tabs, Tag } from 'antd'
import { useHasPermission } from '@/components/Permission'
import ChangeTrail from '@/components/trail/ChangeTrail'
import { formatTime } from '@/utils/time'
import { orgDetail, orgTrail, restoreOrg } from '../service'
import type { OrgWarning } from '../types'

export const warningTags = (ws: OrgWarning[]) =>
  ws.map((w) => (
    <Tag key={w.rule} color={w.level === 'error' ? 'red' : 'orange'}>
      {w.message}
    </Tag>
  ))

interface Props {
  id: number
  onClose: () => void
  /** After a restore changed the organisation. */
  onChanged: () => void
}

/** An organisation's details, the rules it breaks (RULES.md §4) and its change trail with restore. */
export default function OrgDetailDrawer({ id, onClose, onChanged }: Props) {
  const client = useQueryClient()
  const canRestore = useHasPermission([PERM.dzzEdit])
  const q = useQuery({ queryKey: ['dzz', 'detail', id], queryFn: () => orgDetail(id) })
  const d = q.data

  return (
    <Drawer open size={820} title={d ? d.name : '党组织详情'} onClose={onClose}>
      {q.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : !d ? (
        <Empty description="党组织不存在或不在您的管理范围内" />
      ) : (
        <Tabs
          items={[
            {
              key: 'info',
              label: '基本信息',
              children: (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {d.warnings.length > 0 && <Alert type="warning" showIcon title="组织建设提醒" description={<Space wrap>{warningTags(d.warnings)}</Space>} />}
                  <Descriptions bordered size="small" column={2}>
                    <Descriptions.Item label="名称">{d.name}</Descriptions.Item>
                    <Descriptions.Item label="简称">{d.shortName}</Descriptions.Item>
                    <Descriptions.Item label="编码">{d.code}</Descriptions.Item>
                    <Descriptions.Item label="状态">{d.status === '1' ? <Tag color="green">{d.statusLabel || '正常'}</Tag> : <Tag>{d.statusLabel || '撤销'}</Tag>}</Descriptions.Item>
                    <Descriptions.Item label="类型">{d.typeLabel}</Descriptions.Item>
                    <Descriptions.Item label="类别">{d.categoryLabel}</Descriptions.Item>
                    <Descriptions.Item label="上级党组织" span="filled">
                      {d.ancestors.map((a) => a.name).join(' / ') || '无（顶级）'}
                    </Descriptions.Item>
                    <Descriptions.Item label="所在单位">{d.unitName}</Descriptions.Item>
                    <Descriptions.Item label="成立日期">{d.foundedOn}</Descriptions.Item>
                    <Descriptions.Item label="书记">{d.secretaryName}</Descriptions.Item>
                    <Descriptions.Item label="联系电话">{d.contactPhone}</Descriptions.Item>
                    <Descriptions.Item label="委员会成员" span="filled">
                      {d.committee.join('、') || '未设立'}
                    </Descriptions.Item>
                    <Descriptions.Item label="本届任期">{d.termStart ? `${d.termStart} 起 ${d.termYears} 年` : ''}</Descriptions.Item>
                    <Descriptions.Item label="届满日期">{d.termEnd}</Descriptions.Item>
                    <Descriptions.Item label="党员">{`${d.memberCount} 人（正式党员 ${d.fullCount} 人）`}</Descriptions.Item>
                    <Descriptions.Item label="含下级党员">{`${d.totalCount} 人`}</Descriptions.Item>
                    <Descriptions.Item label="下级党组织">{`${d.childCount} 个`}</Descriptions.Item>
                    {d.revokedOn && <Descriptions.Item label="撤销日期">{d.revokedOn}</Descriptions.Item>}
                    <Descriptions.Item label="更新时间">{formatTime(d.updateTime)}</Descriptions.Item>
                  </Descriptions>
                </Space>
              ),
            },
            {
              key: 'trail',
              label: '变动轨迹',
              children: (
                <ChangeTrail
                  queryKey={['dzz', 'trail', id]}
                  fetch={(page, size) => orgTrail(id, page, size)}
                  restore={restoreOrg}
                  canRestore={canRestore}
                  onRestored={() => {
                    void client.invalidateQueries({ queryKey: ['dzz', 'detail', id] })
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
