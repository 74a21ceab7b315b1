import { Alert, Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd'
import { useState, type ReactNode } from 'react'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import { fenOf, yuan, type MyFees, type PayPlan } from './api'

/** The quarter of a month ("2026-11" → "2026年第4季度") and its three months. */
export function quarterOf(month: string): { label: string; months: string[] } {
  const [y, m] = month.split('-').map(Number)
  const q = Math.floor((m - 1) / 3)
  const months = [1, 2, 3].map((i) => `${y}-${String(q * 3 + i).padStart(2, '0')}`)
  return { label: `${y}年第${q + 1}季度`, months }
}

const CENTRAL_FEN = 100000

/**
 * 多交/预交/按季度 (中组发〔2008〕3号): the member's payable months, the months they may pay ahead (at the standards'
 * amount the server gave) and a voluntary extra, in one payment. A quarter button chooses the quarter's months that
 * can be paid (frozen ones as dues, the others ahead). The amounts are the server's; the sum shown is confirmed
 * before onPay, which makes the payment (the server fixes the amount again).
 */
export default function PayMore({
  fees,
  title,
  okText,
  onClose,
  onPay,
  fields,
  before,
}: {
  fees: MyFees
  title: string
  okText: string
  onClose: () => void
  onPay: (plan: PayPlan) => Promise<void>
  /** More fields below the choice (on site: 缴费方式 and 缴费日期), in a form of their own. */
  fields?: ReactNode
  /** Checked before the confirmation (the extra fields' validation); false stops. */
  before?: () => Promise<boolean>
}) {
  const payable = fees.dues.filter((d) => d.payable)
  const ahead = fees.ahead ?? []
  const [dueIds, setDueIds] = useState<number[]>([])
  const [months, setMonths] = useState<string[]>([])
  const [extra, setExtra] = useState('')
  const [busy, setBusy] = useState(false)
  const extraFen = extra.trim() === '' ? 0 : fenOf(extra)
  const central = fees.centralExtraFen ?? CENTRAL_FEN
  const chosenDues = payable.filter((d) => dueIds.includes(d.id))
  const chosenAhead = ahead.filter((a) => months.includes(a.month))
  const total = chosenDues.reduce((n, d) => n + d.dueFen - d.paidFen, 0) + chosenAhead.reduce((n, a) => n + a.amountFen, 0) + (extraFen ?? 0)
  const quarters = [...new Set([...payable.map((d) => d.month), ...ahead.map((a) => a.month)].map((m) => quarterOf(m).label))].sort()
  const chooseQuarter = (label: string) => {
    const qm = Object.fromEntries([...payable.map((d) => d.month), ...ahead.map((a) => a.month)].map((m) => [m, quarterOf(m)]))
    const inQ = (m: string) => qm[m]?.label === label
    setDueIds(payable.filter((d) => inQ(d.month)).map((d) => d.id))
    setMonths(ahead.filter((a) => inQ(a.month)).map((a) => a.month))
  }
  const confirm = async () => {
    if (extraFen === null) return
    if (before && !(await before())) return
    const lines = [
      ...chosenDues.map((d) => `${d.month} 党费 ${yuan(d.dueFen - d.paidFen)} 元`),
      ...chosenAhead.map((a) => `${a.month} 预交 ${yuan(a.amountFen)} 元`),
      ...(extraFen > 0 ? [`自愿多交 ${yuan(extraFen)} 元${extraFen >= central ? '（上缴中央）' : ''}`] : []),
    ]
    ui.modal.confirm({
      title: `确认缴纳 ${yuan(total)} 元`,
      content: (
        <div>
          {lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
      ),
      okText,
      onOk: async () => {
        setBusy(true)
        try {
          await onPay({ dueIds: chosenDues.map((d) => d.id), months: chosenAhead.map((a) => a.month), extraFen: extraFen || 0 })
        } finally {
          setBusy(false)
        }
      },
    })
  }
  return (
    <Modal
      {...DIALOG_DEFAULTS}
      open
      title={title}
      okText={total > 0 ? `${okText} ${yuan(total)} 元` : okText}
      okButtonProps={{ disabled: total === 0 || extraFen === null }}
      confirmLoading={busy}
      onOk={confirm}
      onCancel={onClose}
    >
      <Form layout="vertical">
        {quarters.length > 0 && (
          <Form.Item label="按季度交纳">
            <Space wrap>
              {quarters.map((q) => (
                <Button key={q} size="small" onClick={() => chooseQuarter(q)}>
                  {q}
                </Button>
              ))}
            </Space>
          </Form.Item>
        )}
        <Form.Item label="应缴月份" extra={payable.length === 0 ? '没有待缴的月份' : `可补交最近 ${fees.backMonths} 个月`}>
          <Checkbox.Group
            value={dueIds}
            onChange={(v) => setDueIds(v as number[])}
            options={payable.map((d) => ({ value: d.id, label: `${d.month}（${yuan(d.dueFen - d.paidFen)} 元）` }))}
          />
        </Form.Item>
        <Form.Item label="预交月份" extra={`尚未启动缴费的月份可预交，最多预交当月之后 ${fees.prepayMonths ?? 12} 个月；启动缴费时自动抵扣`}>
          <Checkbox.Group
            value={months}
            onChange={(v) => setMonths(v as string[])}
            options={ahead.map((a) => ({ value: a.month, label: `${a.month}（${yuan(a.amountFen)} 元）` }))}
          />
        </Form.Item>
        <Form.Item
          label="自愿多交（元）"
          validateStatus={extraFen === null ? 'error' : undefined}
          help={extraFen === null ? '请输入金额，最多两位小数' : undefined}
        >
          <Input value={extra} onChange={(e) => setExtra(e.target.value)} placeholder="0.00" maxLength={12} />
        </Form.Item>
        {extraFen !== null && extraFen >= central && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`一次多交${yuan(central)}元以上的，全部上缴中央（中组发〔2008〕3号）`} />
        )}
        <Typography.Text strong>合计 {yuan(total)} 元</Typography.Text>
      </Form>
      {fields}
    </Modal>
  )
}
