import { useQuery } from '@tanstack/react-query'
import { Button, Card, Empty, Progress, Space, Spin, Tag, Typography } from 'antd'
import { useNavigate, useSearchParams } from 'react-router'
import { NODE_TYPE_NAMES } from '@/api/generated/course'
import { learnerCourse, nodePath } from '../api'
import { percentDone } from '../center'
import { clock } from '../heartbeat'

/** A published course for the learner: its chapters and nodes, each with the learner's progress. */
export default function CourseStudy() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || 0
  const q = useQuery({ queryKey: ['pschool', 'course', id], queryFn: () => learnerCourse(id), enabled: id > 0 })
  const d = q.data
  if (id <= 0 || q.isError) return <Empty style={{ padding: 48 }} description="课程不存在或已停止发布" />
  if (!d) return <Spin style={{ display: 'block', padding: 48 }} />
  return (
    <div style={{ padding: 16, maxWidth: 960, margin: '0 auto' }}>
      <Button type="link" style={{ paddingLeft: 0 }} onClick={() => void navigate('/pschool/party/center')}>返回学习中心</Button>
      <Typography.Title level={4}>{d.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{d.intro || '暂无简介'}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text>{d.orgName}</Typography.Text>
        <Typography.Text>共 {d.nodes} 个节点，{d.hours} 学时</Typography.Text>
        <Typography.Text>已完成 {d.doneNodes} 个，已获 {d.doneHours} 学时</Typography.Text>
      </Space>
      <Progress percent={percentDone(d)} />
      {d.chapters.map((c) => (
        <Card key={c.id} title={c.title} size="small" style={{ marginTop: 12 }}>
          {c.nodes.length === 0 && <Typography.Text type="secondary">本章暂无内容</Typography.Text>}
          {c.nodes.map((n) => (
            <div key={n.id} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8, padding: '8px 0', borderBottom: '1px solid #f5f5f5' }}>
              <div>
                <Space wrap size={4}><Tag>{NODE_TYPE_NAMES[n.nodeType]}</Tag>{n.title}{n.done && <Tag color="success">已完成</Tag>}</Space>
                <div><Typography.Text type="secondary">{`时长 ${clock(n.duration)} · ${n.hours} 学时 · 已学 ${clock(Math.min(n.watched, n.duration))}`}</Typography.Text></div>
              </div>
              <Button type="link" onClick={() => void navigate(nodePath(n.id, n.nodeType))}>{n.done ? '复习' : n.watched > 0 ? '继续学习' : '开始学习'}</Button>
            </div>
          ))}
        </Card>
      ))}
    </div>
  )
}
