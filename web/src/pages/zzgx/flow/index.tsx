import TransferList from '../shared/TransferList'

/** 组织关系转接 › 流动党员. */
export default function ZzgxFlowPage() {
  return <TransferList kinds={['flow_out','flow_in']} title="流动党员" />
}
