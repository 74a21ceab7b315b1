import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { createOrder, createPlanOrder, DUE_STATE_COLORS, myFees, yuan, yuanColumn, type MyDue, type Prepay } from '@/pages/dfgl/batch/api'
import PayMore from '@/pages/dfgl/batch/PayMore'

/**
 * 我的党费 (党员首页): the member's months with their due and state, up to which month they have paid, and
 * online payment of the payable months (the current one and up to the back-payment window before it). 多交/预交/按季度
 * (中组发〔2008〕3号) opens PayMore: months ahead, a quarter, a voluntary extra, confirmed with the amount. The
 * order's amount is the server's; the member is sent to the payment platform's page. The credit of prepayments and
 * the months they covered are listed.
 */
export default function MyFees() {
  const q = useQuery({ queryKey: ['dfgl', 'mine'], queryFn: myFees, retry: false })
  const [chosen, setChosen] = useState<number[]>([])
  const [paying, setPaying] = useState(false)
  const [more, setMore] = useState(false)
  if (q.isError) return null // no member record: the home says so already
  const f = q.data
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
      extra={f && <Typography.Text type="secondary">{f.paidUpTo ? `已缴至 ${f.paidUpTo}` : '尚无已缴月份'}</Typography.Text>}
    >
      {f && f.dues.length === 0 && (f.ahead ?? []).length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无党费记录" />}
      {f && f.dues.length > 0 && (
        <>
          {payable.length > 0 && !f.online && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="在线缴费未开通，请向所在党支部现场缴纳" />}
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
      {more && f && (
        <PayMore
          fees={f}
          title="多交 / 预交 / 按季度交纳"
          okText="在线缴费"
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
