import StageList from '../shared/StageList'

/** 发展党员 › 入党积极分子: the records of this stage. */
export default function DevActivistPage() {
  return <StageList stage="activist" />
}
