import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Result, Spin } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import FactList from '@/components/FactList'
import { withQueryClient } from '@/components/withQueryClient'
import { formatTime } from '@/utils/time'
import { payResult, sandboxPay, yuan, type PayResult } from '../dfgl/batch/api'

const back = (
  <Link to="/">
    <Button type="primary">返回系统</Button>
  </Link>
)

/** An order's result as the server holds it (the link's `no` and `sig`, which the server signed). */
function OrderResult({ no, sig }: { no: string; sig: string }) {
  const q = useQuery({
    queryKey: ['payResult', no, sig],
    queryFn: () => payResult(no, sig),
    retry: false,
    // A platform order waits for the platform's notify; a sandbox order for the payer's confirmation below.
    refetchInterval: (s) => (s.state.data?.state === 'pending' && s.state.data.provider !== 'sandbox' ? 3000 : false),
  })
  const [confirming, setConfirming] = useState(false)
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (q.isError || !q.data) return <Result status="warning" title="支付记录不存在或链接无效" subTitle="请在党员首页“我的党费”中查看缴费记录。" extra={back} />
  const r: PayResult = q.data
  const sandboxPending = r.provider === 'sandbox' && r.state === 'pending'
  const confirm = async () => {
    setConfirming(true)
    try {
      await sandboxPay(no, sig)
    } finally {
      setConfirming(false)
      void q.refetch()
    }
  }
  const status = r.state === 'paid' ? 'success' : r.state === 'pending' ? 'info' : 'warning'
  const title = r.state === 'paid' ? '支付成功' : sandboxPending ? '演示支付：确认付款' : r.state === 'pending' ? '等待支付平台确认' : '支付已到账，需退款'
  return (
    <Result
      status={status}
      title={title}
      subTitle={r.state === 'refund' ? '所缴月份已由党支部现场收缴，款项将退回，请联系所在党支部。' : undefined}
      extra={
        sandboxPending ? (
          <Button type="primary" loading={confirming} onClick={() => void confirm()}>
            确认支付（演示支付）
          </Button>
        ) : (
          back
        )
      }
    >
      {r.provider === 'sandbox' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16, textAlign: 'left' }}
          title="演示支付"
          description="这是演示环境的模拟支付平台，不产生真实扣款；确认后按真实支付平台的签名回调入账。正式环境请配置校园支付平台。"
        />
      )}
      <FactList
        column={1}
        facts={[
          ['订单号', r.no],
          ['缴费月份', r.months.join('、')],
          ['金额', `${yuan(r.amountFen)} 元${r.extraFen ? `（含自愿多交 ${yuan(r.extraFen)} 元）` : ''}`],
          ['支付方式', r.providerLabel],
          ['状态', r.stateLabel],
          ['支付时间', r.paidAt ? formatTime(r.paidAt) : '—'],
        ]}
      />
    </Result>
  )
}

/**
 * 支付结果 (public, no session): where the campus payment platform sends the payer back. With the
 * server's signed link (`no`, `sig`) it shows the order as the server holds it — months, amount, state,
 * nothing personal; without it, the status the platform put in the query, which proves nothing.
 */
function PaymentResultPage() {
  useDocumentTitle('支付结果')
  const [params] = useSearchParams()
  const no = params.get('no')
  const sig = params.get('sig')
  if (no && sig) return <OrderResult no={no} sig={sig} />
  const status = params.get('status')
  const ok = status === 'success' || status === '1'
  const failed = status === 'fail' || status === 'failed' || status === '0'
  return (
    <Result
      status={ok ? 'success' : failed ? 'error' : 'info'}
      title={ok ? '支付成功' : failed ? '支付未完成' : '支付结果'}
      subTitle={params.get('message') ?? (status ? undefined : '未收到支付结果，请在党费缴纳记录中查看。')}
      extra={back}
    />
  )
}

/** A public page: outside the signed-in shell, so with a react-query client of its own. */
export default withQueryClient(PaymentResultPage)
