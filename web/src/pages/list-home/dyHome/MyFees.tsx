import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { createOrder, createPlanOrder, DUE_STATE_COLORS, myFees, yuan, yuanColumn, type MyDue, type MyFees as Fees, type MyPayment, type Prepay } from '@/pages/dfgl/batch/api'
import PayMore from '@/pages/dfgl/batch/PayMore'
import { NOT_LINKED } from './notLinked'

/** The online provider of the demo (the server's label of its sandbox). */
export const SANDBOX_LABEL = '演示支付'

/**
 * Up to which month the member has paid, consistent with the months listed: 已缴至 when every month up to
 * one is paid; when an earlier month is still owed but later ones are paid, how many are paid and from when
 * something is owed (never 尚无已缴月份 next to paid months).
 */
export function paidSummary(f: Pick<Fees, 'paidUpTo' | 'dues'>): string {
  if (f.paidUpTo) return `已缴至 ${f.paidUpTo}`
  const paid = f.dues.filter((d) => d.state === 'paid').length
  if (paid === 0) return '尚无已缴月份'
  const owed = f.dues.filter((d) => d.state === 'unpaid').map((d) => d.month).sort()[0]
  return owed ? `已缴 ${paid} 个月，${owed} 起有欠缴` : `已缴 ${paid} 个月`
}

/**
 * 我的党费 (the page /list-home/myFees; 党员首页 shows what is due): the member's months with their due and state, up to which month they have paid, and
 * online payment of the payable months (the current one and up to the back-payment window before it). 多交/预交/按季度
 * (中组发〔2008〕3号) opens PayMore: months ahead, a quarter, a voluntary extra, confirmed with the amount. The
 * order's amount is the server's; the member is sent to the payment platform's page (演示支付, the demo's sandbox, is
 * named on the card and the buttons). The credit of prepayments and the months they covered are listed; with `records`
 * (the page) also the member's payments.
 */
export default function MyFees({ records = false }: { records?: boolean }) {
  const q = useQuery({ queryKey: ['dfgl', 'mine'], queryFn: myFees, retry: false })
  const [chosen, setChosen] = useState<number[]>([])
  const [paying, setPaying] = useState(false)
  const [more, setMore] = useState(false)
  if (q.isError) return records ? <Alert type="warning" showIcon title={NOT_LINKED} /> : null // on the home, the home says so already
  const f = q.data
  const sandbox = f?.onlineLabel === SANDBOX_LABEL
  const payable = f?.dues.filter((d) => d.payable) ?? []
  const total = payable.filter((d) => chosen.includes(d.id)).reduce((n, d) => n + d.dueFen - d.paidFen, 0)
  const pay = async () => {
    setPaying(true)
    try {
      const o = await createOrder(chosen)
      window.location.assign(o.payUrl)
    } catch {
      setPaying(false) // the request pipeline shows why
    }
  }
  return (
    <Card
      title="我的党费"
      variant="borderless"
      style={{ marginBottom: 16 }}
      loading={q.isLoading}
      extra={f && <Typography.Text type="secondary" data-testid="paid-summary">{paidSummary(f)}</Typography.Text>}
    >
      {f && f.dues.length === 0 && (f.ahead ?? []).length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无党费记录" />}
      {f && f.dues.length > 0 && (
        <>
          {payable.length > 0 && !f.online && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="在线缴费未开通，请向所在党支部现场缴纳" />}
          {f.online && sandbox && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`在线缴费使用${SANDBOX_LABEL}`} description="演示环境的模拟支付平台，不产生真实扣款。" />
          )}
          <Table<MyDue>
            rowKey="id"
            size="small"
            pagination={{ pageSize: 6, hideOnSinglePage: true }}
            dataSource={f.dues}
            rowSelection={
              f.online && payable.length > 0
                ? { selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]), getCheckboxProps: (d) => ({ disabled: !d.payable }) }
                : undefined
            }
            columns={[
              { title: '月份', dataIndex: 'month', key: 'month' },
              yuanColumn('应缴（元）', 'dueFen'),
              { title: '状态', dataIndex: 'stateLabel', key: 'state', render: (l: string, d) => <Tag color={DUE_STATE_COLORS[d.state]}>{l}</Tag> },
            ]}
          />
          {f.online && payable.length > 0 && (
            <div style={{ marginTop: 12, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography.Text type="secondary">可补交最近 {f.backMonths} 个月</Typography.Text>
              <Button type="primary" disabled={chosen.length === 0} loading={paying} onClick={() => void pay()}>
                在线缴费{chosen.length > 0 ? ` ${yuan(total)} 元` : ''}
                {sandbox ? `（${SANDBOX_LABEL}）` : ''}
              </Button>
            </div>
          )}
        </>
      )}
      {f?.online && (f.dues.length > 0 || (f.ahead ?? []).length > 0) && (
        <div style={{ marginTop: 12, textAlign: 'right' }}>
          <Button onClick={() => setMore(true)}>多交 / 预交 / 按季度</Button>
        </div>
      )}
      {f && ((f.prepays ?? []).length > 0 || (f.creditFen ?? 0) > 0) && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            预交记录（余额 {yuan(f.creditFen ?? 0)} 元）
          </Typography.Title>
          <Table<Prepay>
            rowKey="id"
            size="small"
            pagination={{ pageSize: 6, hideOnSinglePage: true }}
            dataSource={f.prepays ?? []}
            columns={[
              { title: '预交月份', dataIndex: 'month', key: 'month' },
              yuanColumn('预交（元）', 'amountFen'),
              yuanColumn('余额（元）', 'leftFen'),
              { title: '状态', dataIndex: 'stateLabel', key: 'state' },
            ]}
          />
        </>
      )}
      {records && f && f.payments.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            缴费记录
          </Typography.Title>
          <Table<MyPayment>
            rowKey="id"
            size="small"
            pagination={{ pageSize: 6, hideOnSinglePage: true }}
            dataSource={f.payments}
            columns={[
              { title: '单号', dataIndex: 'no', key: 'no', render: (no: string, p) => (p.resultUrl ? <a href={p.resultUrl}>{no}</a> : no) },
              { title: '方式', dataIndex: 'providerLabel', key: 'provider' },
              yuanColumn('金额（元）', 'amountFen'),
              { title: '状态', dataIndex: 'stateLabel', key: 'state' },
            ]}
          />
        </>
      )}
      {more && f && (
        <PayMore
          fees={f}
          title="多交 / 预交 / 按季度交纳"
          okText={sandbox ? `在线缴费（${SANDBOX_LABEL}）` : '在线缴费'}
          onClose={() => setMore(false)}
          onPay={async (plan) => {
            const o = await createPlanOrder(plan)
            window.location.assign(o.payUrl)
          }}
        />
      )}
    </Card>
  )
}
