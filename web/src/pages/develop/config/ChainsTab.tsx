import { useQuery } from '@tanstack/react-query'
import { Card, Empty, Space, Spin, Steps } from 'antd'
import { getChains } from '@/api/develop'

/** 审批链: which organisation acts at each tracked step, per type of the record's branch (re-seeded on each save). */
export default function ChainsTab() {
  const chains = useQuery({ queryKey: ['fzdy', 'chains'], queryFn: getChains })
  if (chains.isLoading) return <Spin style={{ display: 'block', margin: '32px auto' }} />
  const view = chains.data
  if (!view?.chains.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未配置审批链" />
  const typeLabel = (v: string) => view.orgTypes.find((t) => t.value === v)?.label ?? v
  const stepTitle = (k: string) => view.steps.find((s) => s.key === k)?.title ?? k
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {view.chains.map((c) => (
        <Card key={c.orgType} size="small" title={`${typeLabel(c.orgType)}的发展党员记录`}>
          <Steps
            orientation="vertical"
            size="small"
            current={-1}
            items={c.links.map((l) => ({
              key: l.step,
              title: stepTitle(l.step),
              content: `${l.role}（${l.acting.map(typeLabel).join('、')}）`,
            }))}
          />
        </Card>
      ))}
    </Space>
  )
}
