import { useQuery } from '@tanstack/react-query'
import { Card, Descriptions, Empty, Steps, Tag, Typography } from 'antd'
import { myDevelopment, stepNo, type MyDevelopment } from './service'

const STAGE_COLORS: Record<string, string> = { probationary: 'orange', full: 'green', ended: 'default' }

/** The probation from–to and 转正's status as one block. */
function Probation({ d }: { d: MyDevelopment }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'stage', label: '当前阶段', children: <Tag color={STAGE_COLORS[d.stage] ?? 'processing'}>{d.stageLabel}</Tag> },
        ...(d.probationFrom
          ? [{ key: 'probation', label: '预备期', children: `${d.probationFrom} 至 ${d.probationTo || '—'}${d.extensions > 0 ? '（已延长）' : ''}` }]
          : []),
        { key: 'full', label: '转正', children: <span data-testid="full-status">{d.fullStatus}</span> },
        ...(d.next ? [{ key: 'next', label: '下一步', children: `${stepNo(d.next.no)} ${d.next.name}${d.next.on ? `（${d.next.on} 前）` : ''}` }] : []),
      ]}
    />
  )
}

/**
 * 我的发展: the member's own development record (GET /api/fzdy/mine, their own through the member link) —
 * the probation from–to, 转正's status, the steps done with their dates and the next one.
 */
export default function MyDevelopmentCard() {
  const q = useQuery({ queryKey: ['fzdy', 'mine'], queryFn: myDevelopment, retry: false })
  const d = q.data
  return (
    <Card title="我的发展" variant="borderless" style={{ marginBottom: 16 }} loading={q.isLoading}>
      {q.isError && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="发展记录加载失败" />}
      {d && !d.linked && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="系统中没有您的发展党员记录（系统启用前入党或由校外转入的党员没有），入党、转正情况见“我的信息”。"
        />
      )}
      {d?.linked && (
        <>
          <Probation d={d} />
          <Typography.Title level={5}>发展历程</Typography.Title>
          <Steps
            direction="vertical"
            size="small"
            current={d.done.length}
            items={[
              ...d.done.map((s) => ({ key: s.key, title: `${stepNo(s.no)} ${s.name}`, description: s.on, status: 'finish' as const })),
              ...(d.next ? [{ key: d.next.key, title: `${stepNo(d.next.no)} ${d.next.name}`, description: d.next.on ? `${d.next.on} 前办理` : '待办理', status: 'process' as const }] : []),
            ]}
          />
        </>
      )}
    </Card>
  )
}
