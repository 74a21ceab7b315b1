import { useQuery } from '@tanstack/react-query'
import { Card, List, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import { myFees, yuan } from '@/pages/dfgl/batch/api'
import { fetchMine, OPEN_STATES } from '@/pages/zzgx/shared/api'
import { myDevelopment, stepNo } from '../myDevelopment/service'
import { paidSummary } from './MyFees'

/** The member's own pages the home's items lead to (routes in staticRoutes NAMED_ROUTES). */
export const MY_FEES_PATH = '/list-home/myFees'
export const MY_TRANSFERS_PATH = '/list-home/myTransfers'
export const MY_DEVELOPMENT_PATH = '/list-home/myDevelopment'

interface Item {
  key: string
  title: string
  text: ReactNode
  to: string
  action: string
  /** Something the member has to do (fees due) rather than follow. */
  urgent?: boolean
}

/**
 * 需要我关注: what the member meets first on their home, above their profile — fees due (or paid up to when),
 * a transfer under way, the next step of their development. Each item leads to its page; the to-dos follow
 * in their own card.
 */
export default function Priorities() {
  const canTransfers = useHasPermission([PERM.zzgxMine])
  const fees = useQuery({ queryKey: ['dfgl', 'mine'], queryFn: myFees, retry: false })
  const transfers = useQuery({ queryKey: ['zzgx', 'mine'], queryFn: fetchMine, enabled: canTransfers, retry: false })
  const dev = useQuery({ queryKey: ['fzdy', 'mine'], queryFn: myDevelopment, retry: false })

  const items: Item[] = []
  const f = fees.data
  if (f) {
    const due = f.dues.filter((d) => d.payable)
    const owed = due.reduce((n, d) => n + d.dueFen - d.paidFen, 0)
    items.push(
      due.length > 0
        ? { key: 'fees', title: '党费待缴', text: `${due.length} 个月待缴，共 ${yuan(owed)} 元（${due.map((d) => d.month).sort().join('、')}）`, to: MY_FEES_PATH, action: f.online ? '去缴费' : '查看', urgent: true }
        : { key: 'fees', title: '党费', text: paidSummary(f), to: MY_FEES_PATH, action: '查看' },
    )
  }
  const open = transfers.data?.transfers.find((t) => OPEN_STATES.has(t.state))
  if (open)
    items.push({
      key: 'transfer',
      title: '组织关系转接办理中',
      text: `${open.kindLabel}${open.toOrgName ? ` → ${open.toOrgName}` : ''}，${open.stateLabel}`,
      to: MY_TRANSFERS_PATH,
      action: '查看进度',
    })
  const d = dev.data
  if (d?.linked && d.next)
    items.push({
      key: 'develop',
      title: d.stage === 'probationary' ? '预备期' : '发展进度',
      text: `下一步：${stepNo(d.next.no)} ${d.next.name}${d.stage === 'probationary' ? `；${d.fullStatus}` : ''}`,
      to: MY_DEVELOPMENT_PATH,
      action: '查看',
    })

  return (
    <Card title="需要我关注" variant="borderless" style={{ marginBottom: 16 }} loading={fees.isLoading} data-testid="member-priorities">
      {items.length === 0 ? (
        <Typography.Text type="secondary">暂无需要您关注的党费、转接或发展事项。</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(i) => (
            <List.Item key={i.key} data-priority={i.key} actions={[<Link key="go" to={i.to}>{i.action}</Link>]}>
              <List.Item.Meta title={<Typography.Text type={i.urgent ? 'danger' : undefined}>{i.title}</Typography.Text>} description={i.text} />
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}
