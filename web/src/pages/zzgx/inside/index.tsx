import TransferList from '../shared/TransferList'

/** 组织关系转接 › 校内转接. */
export default function ZzgxInsidePage() {
  return <TransferList kinds={['inside']} title="校内转接" />
}
