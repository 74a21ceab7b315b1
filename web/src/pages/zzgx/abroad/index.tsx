import TransferList from '../shared/TransferList'

/** 组织关系转接 › 出国（境）暂留. */
export default function ZzgxAbroadPage() {
  return <TransferList kinds={['abroad','return']} title="出国（境）暂留" />
}
