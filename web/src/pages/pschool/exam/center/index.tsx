import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Grid, Result, Space, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { MyExam } from '@/api/generated/exam'
import { failureText } from '@/api/request'
import { ui } from '@/app/bridge'
import { formatTime } from '@/utils/time'
import { myExams, startExam, takePath } from '../api'

const MINUTE = 'YYYY-MM-DD HH:mm'
const STATUS: Record<MyExam['status'], { label: string; color: string }> = {
  open: { label: '进行中', color: 'processing' },
  upcoming: { label: '未开始', color: 'default' },
  done: { label: '已结束', color: 'success' },
}

/** The result line of an exam: the best score counts; a short answer may still be waiting for its grader. */
function Outcome({ e }: { e: MyExam }) {
  if (e.score === null) return <Typography.Text type="secondary">{e.used > 0 ? '作答中' : '未参加'}</Typography.Text>
  return (
    <Space size={4} wrap>
      <Typography.Text strong>{e.score} 分</Typography.Text>
      {!e.graded ? <Tag color="orange">简答题阅卷中</Tag> : e.passed ? <Tag color="green">及格</Tag> : <Tag color="red">不及格</Tag>}
    </Space>
  )
}

/**
 * 我的考试 (/pschool/exam/center): the examinee's exams — open, upcoming and done with their result. Starting
 * fixes the deadline on the server; an attempt begun and interrupted is continued from here.
 */
export default function ExamCenter() {
  const navigate = useNavigate()
  const screens = Grid.useBreakpoint()
  const [error, setError] = useState<string>()
  const q = useQuery({ queryKey: ['ks', 'my'], queryFn: myExams })
  const go = async (e: MyExam) => {
    setError(undefined)
    try {
      const a = await startExam(e.id, screens.md ? 1 : 2)
      navigate(takePath(a.id))
    } catch (err) {
      setError(await failureText(err))
      void q.refetch()
    }
  }
  const begin = (e: MyExam) => {
    if (e.current) return void go(e)
    ui.modal.confirm({
      title: `开始“${e.title}”？`,
      content: `开始后计时 ${e.duration} 分钟（最迟到 ${formatTime(e.closesAt, MINUTE)}），中途断网或关闭页面不停止计时，可回到本页继续作答。`,
      okText: '开始考试',
      cancelText: '取消',
      onOk: () => go(e),
    })
  }
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (q.isError) return <Result status="error" title="考试列表加载失败" extra={<Button onClick={() => void q.refetch()}>重试</Button>} />
  const list = q.data ?? []
  return (
    <div style={{ maxWidth: 760, margin: '0 auto', padding: screens.md ? 16 : 8 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>我的考试</Typography.Title>
        <Space size={16}>
          <Link to="/pschool/home/page">我的党校</Link>
          <Link to="/pschool/party/center">学习中心</Link>
        </Space>
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {list.length === 0 ? (
        <Empty description="暂无考试：党校发布考试并把您列为考生后，会显示在这里" />
      ) : (
        list.map((e) => (
            <Card key={e.id} size="small" style={{ marginBottom: 12 }} title={<Space wrap><span>{e.title}</span><Tag color={STATUS[e.status].color}>{STATUS[e.status].label}</Tag></Space>}>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {formatTime(e.opensAt, MINUTE)} 至 {formatTime(e.closesAt, MINUTE)} · 时长 {e.duration} 分钟 · 总分 {e.total}，及格 {e.passMark} · 已作答 {e.used}/{e.attempts} 次
              </Typography.Paragraph>
              <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
                <Outcome e={e} />
                <Space wrap>
                  {e.lastTried && <Button onClick={() => navigate(takePath(e.lastTried!))}>查看答卷</Button>}
                  {e.status === 'open' && (
                    <Button type="primary" onClick={() => begin(e)}>{e.current ? '继续作答' : e.used > 0 ? '再次作答' : '开始考试'}</Button>
                  )}
                </Space>
              </Space>
            </Card>
        ))
      )}
    </div>
  )
}
