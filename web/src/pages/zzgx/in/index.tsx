import TransferList from '../shared/TransferList'

/** 组织关系转接 › 校外转入. */
export default function ZzgxInPage() {
  return <TransferList kinds={['in']} title="校外转入" />
}
