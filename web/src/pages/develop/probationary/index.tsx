import StageList from '../shared/StageList'

/** 发展党员 › 预备党员: the records of this stage. */
export default function DevProbationaryPage() {
  return <StageList stage="probationary" />
}
