import { EditOutlined, EyeOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Tabs } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useHasPermission } from '@/components/Permission'
import ChangeTrail from '@/components/trail/ChangeTrail'
import { formatTime } from '@/utils/time'
import MemberForm from '@/pages/party/dyjbxx/components/MemberForm'
import { memberDetail, memberTrail, restoreMember } from '@/pages/party/dyjbxx/service'
import type { Member } from '@/pages/party/dyjbxx/types'

/** 党员详情 (/dyjbxx/detail?id=): the member's data and the change trail with restore. */
export default function MemberDetailPage() {
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const valid = Number.isInteger(id) && id > 0
  const client = useQueryClient()
  const canEdit = useHasPermission(['dy:edit'])
  const canUnmask = useHasPermission(['dy:unmask'])
  const [unmask, setUnmask] = useState(false)
  const [editing, setEditing] = useState<Member | null>(null)
  const detail = useQuery({ queryKey: ['dyjbxx', 'detail', id, unmask], queryFn: () => memberDetail(id, unmask), enabled: valid })

  const reload = () => {
    void client.invalidateQueries({ queryKey: ['dyjbxx', 'detail', id] })
    void client.invalidateQueries({ queryKey: ['dyjbxx', 'trail', id] })
    void client.invalidateQueries({ queryKey: ['crud', 'dyjbxx'] })
  }

  if (!valid) return <Empty description="缺少党员编号，请从党员信息列表进入" />
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />
  if (detail.isError || !detail.data) return <Empty description="党员不存在或不在您的管理范围内" />
  const m = detail.data

  const info = (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label="姓名">{m.name}</Descriptions.Item>
        <Descriptions.Item label="性别">{m.genderLabel}</Descriptions.Item>
        <Descriptions.Item label="民族">{m.ethnicityLabel}</Descriptions.Item>
        <Descriptions.Item label="身份证号码">{m.idNumber}</Descriptions.Item>
        <Descriptions.Item label="出生日期">{m.birthDate}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{m.phone}</Descriptions.Item>
        <Descriptions.Item label="学号/工号">{m.staffOrStudentNo}</Descriptions.Item>
        <Descriptions.Item label="年级">{m.gradeLabel}</Descriptions.Item>
        <Descriptions.Item label="班级">{m.className}</Descriptions.Item>
        <Descriptions.Item label="学历">{m.educationLabel}</Descriptions.Item>
        <Descriptions.Item label="专业技术职称">{m.professionalTitleLabel}</Descriptions.Item>
        <Descriptions.Item label="工作岗位">{m.postLabel}</Descriptions.Item>
        <Descriptions.Item label="人员类别">{m.personCategoryLabel}</Descriptions.Item>
        <Descriptions.Item label="人员类型">{m.personTypeLabel}</Descriptions.Item>
        <Descriptions.Item label="党籍状态">{m.partyStatusLabel}</Descriptions.Item>
        <Descriptions.Item label="党员状态">{m.memberStatusLabel}</Descriptions.Item>
        <Descriptions.Item label="党员来源">{m.sourceLabel}</Descriptions.Item>
        <Descriptions.Item label="所在党组织">{m.orgName}</Descriptions.Item>
        <Descriptions.Item label="所在单位">{m.unitName}</Descriptions.Item>
        <Descriptions.Item label="申请入党日期">{m.appliedOn}</Descriptions.Item>
        <Descriptions.Item label="入党日期">{m.joinedOn}</Descriptions.Item>
        <Descriptions.Item label="转正日期">{m.fullOn}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{formatTime(m.createTime)}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{formatTime(m.updateTime)}</Descriptions.Item>
        <Descriptions.Item label="备注" span="filled">
          {m.remark}
        </Descriptions.Item>
      </Descriptions>
    </>
  )

  return (
    <Card
      variant="borderless"
      title={`党员详情：${m.name}`}
      extra={
        <Space>
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
      {editing && <MemberForm member={editing} onClose={() => setEditing(null)} onDone={reload} />}
    </Card>
  )
}
