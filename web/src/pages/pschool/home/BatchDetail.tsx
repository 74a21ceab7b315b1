import { useQueries } from '@tanstack/react-query'
import { Descriptions, Drawer, Flex, Progress, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import type { MyExam } from '@/api/generated/exam'
import type { MyBatch } from '@/api/generated/pschool'
import { batchCourse } from '../api'
import { CENTER_PATH as EXAM_CENTER_PATH } from '../exam/api'

/** The batch's exam as the learner stands in it: found among my exams, or not opened to me yet. */
function BatchExam({ examId, exams }: { examId: number; exams?: MyExam[] }) {
  if (!exams) return <Typography.Text type="secondary">考试信息加载中</Typography.Text>
  const e = exams.find((x) => x.id === examId)
  if (!e) return <Typography.Text type="secondary">考试尚未向你开放：党校把你列为考生后，可在“我的考试”参加</Typography.Text>
  return (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Typography.Text>{e.title}</Typography.Text>
      {e.score !== null ? (
        <Typography.Text strong>{e.score} 分{e.graded ? (e.passed ? '，及格' : '，不及格') : '，阅卷中'}</Typography.Text>
      ) : e.status === 'open' ? (
        <Link to={EXAM_CENTER_PATH}>{e.current ? '继续作答' : '去考试'}</Link>
      ) : (
        <Typography.Text type="secondary">{e.status === 'upcoming' ? '未开始' : '未参加'}</Typography.Text>
      )}
    </Flex>
  )
}

/** 我的培训班 detail: its courses (to open them), its exam (to take it) and my attendance as recorded. */
export default function BatchDetail({ mine, exams, phone, onClose }: { mine: MyBatch; exams?: MyExam[]; phone: boolean; onClose: () => void }) {
  const { batch: b, progress: p } = mine
  const courses = useQueries({
    queries: b.courseIds.map((id) => ({ queryKey: ['pschool', 'course', id], queryFn: () => batchCourse(id), retry: false })),
  })
  return (
    <Drawer open title={b.title} size={phone ? '100%' : 560} onClose={onClose}>
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="类型">{b.typeName}</Descriptions.Item>
        <Descriptions.Item label="党校">{mine.schoolName}</Descriptions.Item>
        <Descriptions.Item label="日期">{b.startOn ?? '待定'} 至 {b.endOn ?? '待定'}（{b.days} 天，{b.hours} 学时）</Descriptions.Item>
        <Descriptions.Item label="结业">{p.stateName}{p.certificateNo ? `（证书编号 ${p.certificateNo}）` : ''}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>出勤</Typography.Title>
      <Typography.Paragraph>
        已记录出勤 {p.daysAttended}/{b.days} 天、线下 {p.hoursAttended} 学时，出勤率 {p.attendPct}%（要求不低于 {b.attendPct}%）
        {p.attendanceMet ? <Tag color="success" style={{ marginLeft: 4 }}>已达到</Tag> : <Tag color="warning" style={{ marginLeft: 4 }}>未达到</Tag>}
      </Typography.Paragraph>
      <Typography.Title level={5}>课程</Typography.Title>
      {b.courseIds.length === 0 ? (
        <Typography.Paragraph type="secondary">本培训班没有指定线上课程</Typography.Paragraph>
      ) : (
        courses.map((q, i) => (
          <div key={b.courseIds[i]} style={{ marginBottom: 8 }}>
            {q.isPending ? (
              <Typography.Text type="secondary">课程加载中</Typography.Text>
            ) : q.isError || !q.data ? (
              <Typography.Text type="secondary">该课程已下线或暂时无法打开</Typography.Text>
            ) : (
              <>
                <Link to={`/pschool/course?id=${q.data.id}`}>{q.data.title}</Link>
                <Progress percent={q.data.nodes > 0 ? Math.round((q.data.doneNodes / q.data.nodes) * 100) : 0} size="small" />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  已完成 {q.data.doneNodes}/{q.data.nodes} 个节点 · 已获 {q.data.doneHours}/{q.data.hours} 学时
                </Typography.Text>
              </>
            )}
          </div>
        ))
      )}
      <Typography.Title level={5}>考试</Typography.Title>
      {b.examId === null ? (
        <Typography.Paragraph type="secondary">本培训班不要求考试</Typography.Paragraph>
      ) : (
        <BatchExam examId={b.examId} exams={exams} />
      )}
    </Drawer>
  )
}
