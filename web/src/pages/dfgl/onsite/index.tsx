import { Alert, Button, Checkbox, Form, Input, Space, Switch } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { actionColumn, CrudTable, RowActions, type Selection } from '@/components/crud'
import { useQueries, useQuery } from '@tanstack/react-query'
import { memberFees, payOnsite, yuan, type Due } from '../batch/api'
import { dueColumns, dueSearch, useMonthDues } from '../batch/monthDues'
import PayMore, { quarterOf } from '../batch/PayMore'
import { OnsiteFields, onsiteBody, showReceipt, type OnsiteValues } from './OnsiteFields'

/** 多交/预交/按季度 for one member on site (中组发〔2008〕3号): the member's months from the server, one receipt. */
function MemberPayDialog({ memberId, onClose, onDone }: { memberId: number; onClose: () => void; onDone: () => void }) {
  const q = useQuery({ queryKey: ['dfgl', 'member-fees', memberId], queryFn: () => memberFees(memberId) })
  const [form] = Form.useForm<OnsiteValues>()
  if (!q.data) return null
  return (
    <PayMore
      fees={q.data}
      title={`${q.data.memberName}：多交 / 预交 / 按季度`}
      okText="现场收缴"
      onClose={onClose}
      before={() => form.validateFields().then(() => true, () => false)}
      fields={
        <Form form={form} layout="inline">
          <OnsiteFields />
        </Form>
      }
      onPay={async (plan) => {
        const p = await payOnsite({ memberId, ...plan, ...onsiteBody(form.getFieldsValue()) })
        showReceipt(p, p.toCentral ? '（含上缴中央的自愿多交）' : '')
        onDone()
        onClose()
      }}
    />
  )
}

function CollectDialog({ dues, month, onClose, onDone }: { dues: Due[]; month?: string; onClose: () => void; onDone: () => void }) {
  type V = OnsiteValues & { receiptNo?: string; payer?: string; remark?: string }
  const memberIds = [...new Set(dues.map((d) => d.memberId))]
  const members = memberIds.length
  // 按季度交纳 for the chosen members (中组发〔2008〕3号): each one's months of the quarter, frozen ones as dues, the others ahead.
  const quarter = month ? quarterOf(month) : null
  const [byQuarter, setByQuarter] = useState(false)
  const plans = useQueries({
    queries: byQuarter ? memberIds.map((id) => ({ queryKey: ['dfgl', 'member-fees', id], queryFn: () => memberFees(id) })) : [],
  })
  const quarterLines = plans.flatMap((q) => {
    const f = q.data
    if (!f || !quarter) return []
    return quarter.months.map((m) => {
      const due = f.dues.find((d) => d.month === m && d.payable)
      const ahead = (f.ahead ?? []).find((a) => a.month === m)
      return { name: f.memberName, month: m, fen: due ? due.dueFen - due.paidFen : ahead ? ahead.amountFen : null }
    })
  })
  const blocked = quarterLines.filter((l) => l.fen === null)
  const ready = byQuarter && plans.every((q) => q.data)
  const total = byQuarter ? quarterLines.reduce((n, l) => n + (l.fen ?? 0), 0) : dues.reduce((n, d) => n + d.dueFen - d.paidFen, 0)
  return (
    <FormDialog<V>
      title="现场收缴"
      onClose={onClose}
      onDone={onDone}
      successText="收缴成功"
      onSubmit={async (v) => {
        const who = { receiptNo: v.receiptNo?.trim(), payer: v.payer?.trim(), remark: v.remark?.trim(), ...onsiteBody(v) }
        const p = byQuarter && quarter ? await payOnsite({ dueIds: [], memberIds, months: quarter.months, ...who }) : await payOnsite({ dueIds: dues.map((d) => d.id), ...who })
        showReceipt(p)
      }}
    >
      {quarter && (
        <Form.Item>
          <Checkbox checked={byQuarter} onChange={(e) => setByQuarter(e.target.checked)}>
            按季度交纳（{quarter.label}：{quarter.months.join('、')}，未启动缴费的月份预交）
          </Checkbox>
        </Form.Item>
      )}
      {byQuarter && blocked.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`以下月份已缴或不能缴纳，请取消选择相应党员：${blocked.map((l) => `${l.name} ${l.month}`).join('、')}`} />
      )}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={byQuarter ? (ready ? `${members} 名党员按季度交纳，${quarterLines.length} 笔，合计 ${yuan(total)} 元` : '正在计算金额…') : `${members} 名党员，${dues.length} 笔，合计 ${yuan(total)} 元`}
      />
      <OnsiteFields />
      <Form.Item label="收据号" name="receiptNo" extra="不填写则由系统按年度顺序编号（SJ+年份+序号）" rules={[{ pattern: /^[A-Za-z0-9-]{0,40}$/, message: '收据号只能由字母、数字和短横线组成，不超过40个字符' }]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item label="缴款人" name="payer">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  )
}

/**
 * 现场缴费: the branch's fee collector chooses the unpaid dues of a month (members of one organisation) and
 * records them under one receipt number, all or none. A member's row offers 多交/预交/按季度 for that member.
 */
export default function FeeOnsitePage() {
  const canCollect = useHasPermission([PERM.dfOnsite])
  const [collecting, setCollecting] = useState<Selection<Due> | null>(null)
  const [member, setMember] = useState<number | null>(null)
  // Unpaid only by default; all the month's members to pay ahead or more for one who has paid the month.
  const [unpaidOnly, setUnpaidOnly] = useState(true)
  // A 待办 item opens the page on one member's month (?month=&memberId=&name=).
  const [params, setParams] = useSearchParams()
  const only = Number(params.get('memberId')) || 0
  const onlyFilter: Record<string, string> = only ? { memberId: String(only) } : {}
  const { month, crud, monthBar } = useMonthDues(
    `dfgl-onsite-${unpaidOnly ? 'unpaid' : 'all'}-${only}`,
    unpaidOnly ? { state: 'unpaid', ...onlyFilter } : onlyFilter,
    params.get('month') ?? undefined,
  )
  return (
    <>
      <Space size="large">
        {monthBar}
        <Space style={{ marginBottom: 8 }}>
          只看未缴 <Switch size="small" checked={unpaidOnly} onChange={setUnpaidOnly} />
        </Space>
      </Space>
      {only > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={`只显示待办中的党员：${params.get('name') ?? ''}`}
          action={
            <Button size="small" onClick={() => setParams({}, { replace: true })}>
              显示全部党员
            </Button>
          }
        />
      )}
      <CrudTable<Due>
        crud={crud}
        searchFields={dueSearch}
        columns={
          canCollect
            ? [
                ...dueColumns,
                actionColumn<Due>((d) => <RowActions actions={[{ key: 'more', label: '多交/预交', onClick: () => setMember(d.memberId) }]} />, 100),
              ]
            : dueColumns
        }
        emptyText={month ? '该月没有未缴的党员' : '尚无启动缴费的月份'}
        batchActions={
          canCollect
            ? (sel) => (
                <Button type="primary" disabled={sel.rows.length === 0} onClick={() => setCollecting(sel)}>
                  现场收缴{sel.rows.length > 0 ? `（${sel.rows.length}）` : ''}
                </Button>
              )
            : undefined
        }
      />
      {member !== null && <MemberPayDialog memberId={member} onClose={() => setMember(null)} onDone={() => crud.reload()} />}
      {collecting && (
        <CollectDialog
          dues={collecting.rows}
          month={month}
          onClose={() => setCollecting(null)}
          onDone={() => {
            collecting.clear()
            crud.reload()
          }}
        />
      )}
    </>
  )
}
