import { Button, Result } from 'antd'
import { Link, useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/app/useDocumentTitle'

/**
 * Landing page after an external payment. The payment module is not built yet; this shows the
 * result the payment provider put in the query (`status`, `message`) without inventing one.
 */
export default function PaymentResultPage() {
  useDocumentTitle('支付结果')
  const [params] = useSearchParams()
  const status = params.get('status')
  const ok = status === 'success' || status === '1'
  const failed = status === 'fail' || status === 'failed' || status === '0'
  return (
    <Result
      status={ok ? 'success' : failed ? 'error' : 'info'}
      title={ok ? '支付成功' : failed ? '支付未完成' : '支付结果'}
      subTitle={params.get('message') ?? (status ? undefined : '未收到支付结果，请在党费缴纳记录中查看。')}
      extra={
        <Link to="/">
          <Button type="primary">返回系统</Button>
        </Link>
      }
    />
  )
}
