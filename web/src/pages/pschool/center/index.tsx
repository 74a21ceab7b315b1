import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card, Col, Empty, Input, Pagination, Progress, Row, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { LearnerView } from '@/api/generated/course'
import { learnerCourses } from '../api'

const SIZE = 12

/** A course's share of its 学时 the learner was credited, in percent. */
export function percentDone(c: Pick<LearnerView, 'hours' | 'doneHours'>): number {
  return c.hours > 0 ? Math.min(100, Math.round((c.doneHours / c.hours) * 100)) : 0
}

/**
 * 学习中心 (培训中心): the published courses the learner can study, with the learner's progress on each (the 学时
 * credited of the course's total). One column on a phone, two or three on wider screens.
 */
export default function StudyCenter() {
  const navigate = useNavigate()
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(1)
  const q = useQuery({
    queryKey: ['pschool', 'courses', blurry, page],
    queryFn: () => learnerCourses({ page: page - 1, size: SIZE, blurry: blurry || undefined }),
    placeholderData: keepPreviousData,
  })
  const rows = q.data?.content ?? []
  return (
    <div style={{ padding: 16, maxWidth: 1200, margin: '0 auto' }}>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>学习中心</Typography.Title>
        <Space size={16}>
          <Link to="/pschool/home/page">我的党校</Link>
          <Link to="/pschool/exam/center">我的考试</Link>
        </Space>
        <Input.Search aria-label="课程名称" placeholder="搜索课程" allowClear style={{ width: 240, maxWidth: '100%' }}
          onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
      </Space>
      <Spin spinning={q.isFetching}>
        {!q.isPending && rows.length === 0 && (
          <Empty description={blurry ? '没有符合条件的课程' : q.isError ? '课程加载失败，请稍后刷新' : '暂无可学习的课程：党校发布课程后会显示在这里'} />
        )}
        <Row gutter={[16, 16]}>
          {rows.map((c) => (
            <Col key={c.id} xs={24} md={12} lg={8}>
              <Card hoverable role="link" aria-label={c.title} onClick={() => void navigate(`/pschool/course?id=${c.id}`)}
                cover={c.coverFileId ? <img alt="" src={`/api/pschool/course/${c.id}/cover?v=${c.coverFileId}`} style={{ height: 150, objectFit: 'cover' }} /> : undefined}>
                <Typography.Title level={5} ellipsis={{ rows: 2 }} style={{ marginTop: 0 }}>{c.title}</Typography.Title>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>{c.intro || '暂无简介'}</Typography.Paragraph>
                <Typography.Text type="secondary">{c.orgName} · {c.nodes} 个学习节点 · {c.hours} 学时</Typography.Text>
                <Progress percent={percentDone(c)} size="small" />
                <Typography.Text>已完成 {c.doneNodes}/{c.nodes} 个节点，已获 {c.doneHours} 学时</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </Spin>
      {(q.data?.totalElements ?? 0) > SIZE && (
        <Pagination style={{ marginTop: 16, textAlign: 'center' }} current={page} pageSize={SIZE} total={q.data?.totalElements} onChange={setPage} showSizeChanger={false} />
      )}
    </div>
  )
}
