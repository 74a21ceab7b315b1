import TransferList from '../shared/TransferList'

/** 组织关系转接 › 出党. */
export default function ZzgxLeavePage() {
  return <TransferList kinds={['leave']} title="出党" />
}
