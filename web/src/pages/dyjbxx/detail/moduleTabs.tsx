import { useQuery } from '@tanstack/react-query'
import { Empty, List, Space, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { DevRecord } from '@/api/develop'
import { PERM } from '@/api/permissions'
import { get, type Page } from '@/api/request'
import { useHasPermission } from '@/components/Permission'
import { DUE_STATE_COLORS, memberFees, yuan } from '@/pages/dfgl/batch/api'
import { paidSummary } from '@/pages/list-home/dyHome/MyFees'
import { STATE_COLORS, TRANSFER_API, transferPath, type Transfer } from '@/pages/zzgx/shared/api'
import AppraisalTab from '@/pages/orglife/mzpy/MemberTab'

/** How many rows each tab shows; the module's page has the rest. */
const SHORT = 6

const more = (to: string, text: string) => (
  <div style={{ marginTop: 8, textAlign: 'right' }}>
    <Link to={to}>{text}</Link>
  </div>
)

/** 党费: the member's recent months (GET /api/dfgl/member/{id}/fees, df:list or df:onsite, in the caller's scope). */
function FeesTab({ memberId }: { memberId: number }) {
  const q = useQuery({ queryKey: ['dyjbxx', 'fees', memberId], queryFn: () => memberFees(memberId), retry: false })
  if (q.isLoading) return <List loading />
  if (!q.data) return <Empty description="党费记录加载失败" />
  const f = q.data
  return (
    <>
      <Typography.Paragraph type="secondary">{paidSummary(f)}</Typography.Paragraph>
      <List
        size="small"
        dataSource={f.dues.slice(0, SHORT)}
        locale={{ emptyText: '暂无党费记录' }}
        renderItem={(d) => (
          <List.Item key={d.id}>
            <Space wrap>
              <span>{d.month}</span>
              <span>应缴 {yuan(d.dueFen)} 元</span>
              <Tag color={DUE_STATE_COLORS[d.state]}>{d.stateLabel}</Tag>
            </Space>
          </List.Item>
        )}
      />
      {more('/dfgl/pay', '到缴费管理查看')}
    </>
  )
}

/** 发展记录: the member's development records (GET /api/fzdy/member/{id}, fzdy:list, in the caller's scope). */
function DevelopTab({ memberId }: { memberId: number }) {
  const q = useQuery({ queryKey: ['dyjbxx', 'develop', memberId], queryFn: () => get<DevRecord[]>(`/api/fzdy/member/${memberId}`), retry: false })
  if (q.isLoading) return <List loading />
  if (!q.data) return <Empty description="发展记录加载失败" />
  return (
    <List
      size="small"
      dataSource={q.data}
      locale={{ emptyText: '没有该党员的发展党员记录（系统启用前入党或校外转入）' }}
      renderItem={(r) => (
        <List.Item key={r.id} actions={[<Link key="open" to={`/develop/record?id=${r.id}`}>查看发展记录</Link>]}>
          <Space wrap>
            <Tag>{r.stageName}</Tag>
            {r.stepName && <span>当前步骤：{r.stepName}</span>}
            <Typography.Text type="secondary">{r.orgName} · {r.appliedOn} 申请</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  )
}

/** 组织关系转接: the member's transfers (GET /api/zzgx?memberId=, zzgx:list, the caller's scope). */
function TransfersTab({ memberId }: { memberId: number }) {
  const q = useQuery({
    queryKey: ['dyjbxx', 'transfers', memberId],
    queryFn: () => get<Page<Transfer>>(TRANSFER_API, { memberId, page: 0, size: SHORT }),
    retry: false,
  })
  if (q.isLoading) return <List loading />
  if (!q.data) return <Empty description="转接记录加载失败" />
  return (
    <List
      size="small"
      dataSource={q.data.content}
      locale={{ emptyText: '暂无组织关系转接记录' }}
      footer={q.data.totalElements > SHORT ? <Typography.Text type="secondary">共 {q.data.totalElements} 条，显示最近 {SHORT} 条</Typography.Text> : undefined}
      renderItem={(t) => (
        <List.Item key={t.id} actions={[<Link key="open" to={transferPath(t)}>查看</Link>]}>
          <Space wrap>
            <span>{t.kindLabel}</span>
            {t.toOrgName && <Typography.Text type="secondary">→ {t.toOrgName}</Typography.Text>}
            <Tag color={STATE_COLORS[t.state] ?? 'processing'}>{t.stateLabel}</Tag>
            <Typography.Text type="secondary">{t.createTime?.slice(0, 10)}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  )
}

/**
 * The member detail's tabs of the other modules, each shown only to who may read that module (its list
 * permission); the server answers only what the caller's scope covers (a member outside it: 404). 组织生活 has
 * no module yet, so it has no tab.
 */
export function useModuleTabs(memberId: number): { key: string; label: string; children: ReactNode }[] {
  const fees = useHasPermission([PERM.dfList, PERM.dfOnsite])
  const develop = useHasPermission([PERM.fzdyList])
  const transfers = useHasPermission([PERM.zzgxList])
  const appraisal = useHasPermission([PERM.mzpyList])
  return [
    ...(fees ? [{ key: 'fees', label: '党费', children: <FeesTab memberId={memberId} /> }] : []),
    ...(develop ? [{ key: 'develop', label: '发展记录', children: <DevelopTab memberId={memberId} /> }] : []),
    ...(transfers ? [{ key: 'transfers', label: '组织关系转接', children: <TransfersTab memberId={memberId} /> }] : []),
    ...(appraisal ? [{ key: 'appraisal', label: '民主评议', children: <AppraisalTab memberId={memberId} /> }] : []),
  ]
}
