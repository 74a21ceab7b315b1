import { PERM } from '@/api/permissions'
import { Alert, Space, Tag } from 'antd'
import { DetailDrawer, ResourceDescriptions } from '@/components/crud'
import { useHasPermission } from '@/components/Permission'
import { orgResource } from '../resource'
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
  const canRestore = useHasPermission([PERM.dzzEdit])
  return (
    <DetailDrawer
      queryKey={['dzz', 'detail', id]}
      load={() => orgDetail(id)}
      title={(d) => d.name}
      loadingTitle="党组织详情"
      missing="党组织不存在或不在您的管理范围内"
      info={(d) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {d.warnings.length > 0 && <Alert type="warning" showIcon title="组织建设提醒" description={<Space wrap>{warningTags(d.warnings)}</Space>} />}
          <ResourceDescriptions fields={orgResource.fields} record={d} />
        </Space>
      )}
      trail={{ fetch: (page, size) => orgTrail(id, page, size), restore: restoreOrg, canRestore }}
      onClose={onClose}
      onChanged={onChanged}
    />
  )
}
