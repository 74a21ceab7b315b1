import StageList from '../shared/StageList'

/** 发展党员 › 发展对象: the records of this stage. */
export default function DevTargetPage() {
  return <StageList stage="target" />
}
