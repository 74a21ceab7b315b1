import { useQuery } from '@tanstack/react-query'
import { Card, Empty, List, Progress, Space, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import { homeMeetings } from '@/api/home'
import { PERM } from '@/api/permissions'
import Permission from '@/components/Permission'

/** 本月组织生活: per meeting measure, the organisations done, planned and still open this period; the periods missed this year. */
export default function MeetingsCard() {
  const due = useQuery({ queryKey: ['home', 'meetings'], queryFn: homeMeetings })
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
              renderItem={(it) => (
                <List.Item key={it.key}>
                  <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                    <Space wrap>
                      <Typography.Text strong>{it.name}</Typography.Text>
                      <Typography.Text type="secondary">
                        {it.rule}，{it.periodEnd}截止
                      </Typography.Text>
                    </Space>
                    <Progress percent={Math.round((it.done * 100) / it.orgs)} size="small" aria-label={`${it.name}完成`} />
                    <Typography.Text type="secondary">
                      {it.orgs}个党组织：已召开{it.done}，已计划{it.planned}，未安排{it.open}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
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
