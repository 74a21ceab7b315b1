import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Empty, Form, Input, InputNumber, Space, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { listPlans, savePlan, type Plan } from '@/api/develop'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import ReportTable from '@/components/report/ReportTable'
import { useHasPermission } from '@/components/Permission'
import YearSelect from '@/components/YearSelect'

/** The places left of a plan (null: no plan set). */
export const remainingOf = (p: Plan) => (p.quota === null ? null : p.quota - p.used)

function PlanDialog({ plan, onClose, onDone }: { plan: Plan; onClose: () => void; onDone: () => void }) {
  type V = { quota: number; remark?: string }
  return (
    <FormDialog<V>
      title={`${plan.year} 年发展计划：${plan.orgName}`}
      initialValues={{ quota: plan.quota ?? undefined, remark: plan.remark ?? '' }}
      onClose={onClose}
      onDone={onDone}
      onSubmit={(v) => savePlan({ year: plan.year, orgId: plan.orgId, quota: v.quota, remark: v.remark?.trim() ?? '' })}
    >
      <Form.Item
        label="计划名额"
        name="quota"
        extra={plan.used > 0 ? `已确定发展对象 ${plan.used} 人，名额不能少于已使用数` : undefined}
        rules={[
          { required: true, message: '请输入计划名额' },
          { type: 'number', min: plan.used, message: `计划名额不能少于已使用的 ${plan.used} 个` },
        ]}
      >
        <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  )
}

/**
 * 发展计划: each secondary committee's (or 直属党支部's) quota of 发展对象 for a year, how many are used (grown at
 * ⑦ 确定发展对象) and how many remain; the organisation department sets the quotas.
 */
export default function DevPlanPage() {
  const [year, setYear] = useState(dayjs().year())
  const [editing, setEditing] = useState<Plan | null>(null)
  const canEdit = useHasPermission([PERM.fzdyPlan])
  const client = useQueryClient()
  const plans = useQuery({ queryKey: ['fzdy', 'plans', year], queryFn: () => listPlans(year) })
  const rows = plans.data ?? []
  const total = (pick: (p: Plan) => number | null) => rows.reduce((n, p) => n + (pick(p) ?? 0), 0)

  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          <span>发展计划</span>
          <YearSelect value={year} onChange={setYear} past={5} />
        </Space>
      }
    >
      <ReportTable<Plan, Record<'quota' | 'used' | 'remaining', number>>
        rowKey="orgId"
        size="middle"
        bordered={false}
        loading={plans.isLoading}
        rows={rows}
        pagination={false}
        scroll={{ x: 720 }}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您的管理范围内没有二级党委、党总支或直属党支部" />}
        total={rows.length > 0 ? { quota: total((p) => p.quota), used: total((p) => p.used), remaining: total(remainingOf) } : null}
        columns={[
          { key: 'orgName', title: '党组织', ellipsis: true, fixed: 'left', width: 220, lead: true, cell: (p) => p.orgName },
          { key: 'quota', title: '计划名额', width: 110, cell: (p) => (p.quota === null ? <Typography.Text type="secondary">未下达</Typography.Text> : p.quota), total: (t) => t.quota },
          { key: 'used', title: '已使用', width: 100, cell: (p) => p.used, total: (t) => t.used },
          {
            key: 'remaining',
            title: '剩余',
            width: 100,
            cell: (p) => {
              const left = remainingOf(p)
              if (left === null) return '—'
              return <Typography.Text type={left <= 0 ? 'danger' : undefined}>{left}</Typography.Text>
            },
            total: (t) => t.remaining,
          },
          { key: 'remark', title: '备注', ellipsis: true, cell: (p) => p.remark },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: '操作',
                  fixed: 'right' as const,
                  width: 90,
                  cell: (p: Plan) => (
                    <Button type="link" size="small" onClick={() => setEditing(p)}>
                      {p.quota === null ? '下达' : '编辑'}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <PlanDialog plan={editing} onClose={() => setEditing(null)} onDone={() => void client.invalidateQueries({ queryKey: ['fzdy', 'plans', year] })} />
      )}
    </Card>
  )
}
