import { Alert } from 'antd'
import { chineseAmount } from '@/components/chineseAmount'
import PrintLayout from '@/components/flow/PrintLayout'
import PrintedRecord from '@/components/flow/PrintedRecord'
import { withQueryClient } from '@/components/withQueryClient'
import { paymentDetail, yuan, type PaymentDetail } from '@/pages/dfgl/batch/api'

/** What the receipt lists: each member's months paid (dues, then months paid ahead) and the voluntary extra. */
export function receiptLines(p: PaymentDetail): { who: string; what: string; fen: number }[] {
  const names = new Map(p.entries.map((e) => [e.memberId, e.memberName]))
  return [
    ...p.entries.filter((e) => e.kind === 'pay').map((e) => ({ who: e.memberName, what: `${e.month} 党费`, fen: e.amountFen })),
    ...(p.prepays ?? []).map((r) => ({ who: names.get(r.memberId) ?? p.payer, what: `${r.month} 预交党费`, fen: r.amountFen })),
    ...p.entries.filter((e) => e.kind === 'extra').map((e) => ({ who: e.memberName, what: '自愿多交党费', fen: e.amountFen })),
  ]
}

const tableCss = `
.df-receipt { width: 100%; border-collapse: collapse; font-size: 11pt; margin: 8px 0; }
.df-receipt th, .df-receipt td { border: 1px solid #000; padding: 4px 6px; text-align: center; }
.df-receipt td.amount { text-align: right; white-space: nowrap; }
.df-receipt tfoot td { font-weight: bold; }
`

/** 党费收据 as printed: /print/dfReceipt?id=<payment>, an on-site payment of the caller's scope. */
function FeeReceiptPrint() {
  return (
    <PrintedRecord queryKey={['dfgl', 'payment']} fetch={paymentDetail} noId="缺少缴费记录参数" missing="缴费记录加载失败">
      {(p) => <Receipt p={p} />}
    </PrintedRecord>
  )
}

function Receipt({ p }: { p: PaymentDetail }) {
  if (p.provider !== 'onsite') return <Alert type="warning" showIcon title={`${p.no} 是在线缴费订单，没有现场收据`} style={{ margin: 24 }} />
  const lines = receiptLines(p)
  return (
    <PrintLayout
      title="党费收据"
      margin="15mm 15mm"
      meta={[
        { label: '收据号', value: p.no },
        { label: '缴费日期', value: p.paidOn || '未记录' },
        { label: '缴款人', value: p.payer || '—' },
        { label: '党组织', value: p.orgName },
        { label: '缴费方式', value: p.methodLabel || '未记录' },
        { label: '状态', value: p.stateLabel },
      ]}
      signatures={[{ label: '收款人', value: p.operator || '未记录' }, { label: '缴款人' }, { label: '党组织（盖章）' }]}
    >
      <style>{tableCss}</style>
      <table className="df-receipt">
        <thead>
          <tr>
            <th>序号</th>
            <th>党员</th>
            <th>项目</th>
            <th>金额（元）</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={`${l.who}-${l.what}-${i}`}>
              <td>{i + 1}</td>
              <td>{l.who}</td>
              <td>{l.what}</td>
              <td className="amount">{yuan(l.fen)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2}>合计（小写）</td>
            <td colSpan={2} className="amount">
              ¥{yuan(p.amountFen)}
            </td>
          </tr>
          <tr>
            <td colSpan={2}>合计（大写）</td>
            <td colSpan={2}>人民币{chineseAmount(p.amountFen)}</td>
          </tr>
        </tfoot>
      </table>
      {p.remark && <p>备注：{p.remark}</p>}
    </PrintLayout>
  )
}

export default withQueryClient(FeeReceiptPrint)
