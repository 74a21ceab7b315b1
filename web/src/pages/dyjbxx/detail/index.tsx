import { ArrowLeftOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons'
import { PERM } from '@/api/permissions'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Space, Spin, Tabs } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import MemberAccountActions from '@/components/account/MemberAccountActions'
import { MEMBER_LIST_PATH } from '@/app/router/staticRoutes'
import { ResourceDescriptions, ResourceForm } from '@/components/crud'
import { memberResource } from '@/components/member/memberResource'
import MemberPhoto from '@/components/member/MemberPhoto'
import { memberAttachmentsApi, memberDetail, memberTrail, restoreMember } from '@/components/member/service'
import type { Member } from '@/components/member/types'
import { RecordAttachments } from '@/components/flow'
import { useHasPermission } from '@/components/Permission'
import ChangeTrail from '@/components/trail/ChangeTrail'
import { useModuleTabs } from './moduleTabs'

/**
 * 党员详情 (/dyjbxx/detail?id=), in the section of the member list (党建信息库 › 党员信息 › 详情): the member's
 * data with the 证件照, the attachments, the member's fees, development record and transfers (each a short list
 * from its module, linking into it) and the change trail with restore; 返回 goes back to the list, which
 * keeps its filters (the list's tab stays alive while the detail is open).
 */
export default function MemberDetailPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const valid = Number.isInteger(id) && id > 0
  const client = useQueryClient()
  const canEdit = useHasPermission([PERM.dyEdit])
  const canUnmask = useHasPermission([PERM.dyUnmask])
  const [unmask, setUnmask] = useState(false)
  const [editing, setEditing] = useState<Member | null>(null)
  const moduleTabs = useModuleTabs(id)
  const detail = useQuery({ queryKey: ['dyjbxx', 'detail', id, unmask], queryFn: () => memberDetail(id, unmask), enabled: valid })

  const reload = () => {
    void client.invalidateQueries({ queryKey: ['dyjbxx', 'detail', id] })
    void client.invalidateQueries({ queryKey: ['dyjbxx', 'trail', id] })
    void client.invalidateQueries({ queryKey: ['crud', 'dyjbxx'] })
  }

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MEMBER_LIST_PATH)}>
      返回
    </Button>
  )
  const empty = (description: string) => (
    <Card variant="borderless">
      <Empty description={description}>{back}</Empty>
    </Card>
  )
  if (!valid) return empty('缺少党员编号，请从党员信息列表进入')
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />
  if (detail.isError || !detail.data) return empty('党员不存在或不在您的管理范围内')
  const m = detail.data

  const info = (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      <MemberPhoto memberId={m.id} canEdit={canEdit} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ResourceDescriptions fields={memberResource.fields} record={m} column={{ xs: 1, md: 2, xl: 3 }} />
      </div>
    </div>
  )

  return (
    <Card
      variant="borderless"
      title={`党员详情：${m.name}`}
      extra={
        <Space>
          {back}
          <MemberAccountActions member={m} onChanged={reload} />
          {canUnmask && m.masked && (
            <Button icon={<EyeOutlined />} onClick={() => setUnmask(true)}>
              显示完整信息
            </Button>
          )}
          {canEdit && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(m)}>
              编辑
            </Button>
          )}
        </Space>
      }
    >
      {unmask && <Alert type="info" showIcon title="正在显示完整的身份证号码和手机号码，本次查看已记入日志" style={{ marginBottom: 12 }} />}
      <Tabs
        items={[
          { key: 'info', label: '基本信息', children: info },
          {
            key: 'files',
            label: '附件',
            children: <RecordAttachments api={memberAttachmentsApi(m.id)} editPerm={PERM.dyEdit} emptyText="暂无附件" />,
          },
          ...moduleTabs,
          {
            key: 'trail',
            label: '变动轨迹',
            children: (
              <ChangeTrail
                queryKey={['dyjbxx', 'trail', id]}
                fetch={(page, size) => memberTrail(id, page, size)}
                restore={restoreMember}
                canRestore={canEdit}
                onRestored={reload}
              />
            ),
          },
        ]}
      />
      {editing && <ResourceForm resource={memberResource} record={editing} onClose={() => setEditing(null)} onDone={reload} />}
    </Card>
  )
}
