import TransferList from '../shared/TransferList'

/** 组织关系转接 › 停止党籍/失联. */
export default function ZzgxSuspendPage() {
  return <TransferList kinds={['suspend','lost']} title="停止党籍/失联" />
}
