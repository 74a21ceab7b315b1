import { useQuery } from '@tanstack/react-query'
import { Card, Empty, List, Progress, Space, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import { homeMeetings } from '@/api/home'
import { PERM } from '@/api/permissions'
import type { DueItem } from '@/api/generated/compliance'
import Permission from '@/components/Permission'
import { meetingPathOf } from '@/pages/orglife/meeting/paths'
import { usePermissionStore } from '@/stores/permission'

/** One organisation's state this period (a branch secretary's scope is their branch). */
function oneOrgState(it: DueItem) {
  if (it.done > 0) return <Tag color="success">已召开</Tag>
  if (it.planned > 0) return <Tag color="processing">已计划</Tag>
  return <Tag color="error">未安排</Tag>
}

/**
 * 本月组织生活: per meeting measure, the organisations done, planned and still open this period (for one
 * organisation, its state), with a link to arrange what is still open; the periods missed this year.
 */
export default function MeetingsCard() {
  const due = useQuery({ queryKey: ['home', 'meetings'], queryFn: homeMeetings })
  const routes = usePermissionStore((s) => s.routes)
  const d = due.data
  return (
    <Card
      title="本月组织生活"
      variant="borderless"
      style={{ marginBottom: 16 }}
      loading={due.isLoading}
      extra={
        <Permission need={[PERM.hytjList]}>
          <Link to="/orglife/hytj">会议统计</Link>
        </Permission>
      }
    >
      {due.isError || !d ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="组织生活统计加载失败" />
      ) : (
        <>
          {d.items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="管理范围内没有本月需召开的会议" />
          ) : (
            <List
              size="small"
              dataSource={d.items}
              renderItem={(it) => {
                const arrange = it.open > 0 ? meetingPathOf(routes, it.typeCode) : undefined
                return (
                  <List.Item key={it.key} extra={arrange && <Link to={arrange}>安排会议</Link>}>
                    <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                      <Space wrap>
                        <Typography.Text strong>{it.name}</Typography.Text>
                        <Typography.Text type="secondary">
                          {it.rule}，{it.periodEnd}截止
                        </Typography.Text>
                        {it.orgs === 1 && oneOrgState(it)}
                      </Space>
                      {it.orgs > 1 && (
                        <>
                          <Progress percent={Math.round((it.done * 100) / it.orgs)} size="small" aria-label={`${it.name}完成`} />
                          <Typography.Text type="secondary">
                            {it.orgs}个党组织：已召开{it.done}，已计划{it.planned}，未安排{it.open}
                          </Typography.Text>
                        </>
                      )}
                    </Space>
                  </List.Item>
                )
              }}
            />
          )}
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 4 }}>
            今年已缺 <Typography.Text type={d.missing > 0 ? 'danger' : undefined}>{d.missing}</Typography.Text> 个周期
          </Typography.Paragraph>
          {d.gaps.map((g) => (
            <Tag key={`${g.orgId}-${g.measure}-${g.period}`} color="red" style={{ marginBottom: 4 }}>
              {g.orgName} · {g.period}{g.measure}
            </Tag>
          ))}
        </>
      )}
    </Card>
  )
}
