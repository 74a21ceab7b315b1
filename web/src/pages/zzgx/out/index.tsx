import TransferList from '../shared/TransferList'

/** 组织关系转接 › 转出. */
export default function ZzgxOutPage() {
  return <TransferList kinds={['out']} title="转出" />
}
