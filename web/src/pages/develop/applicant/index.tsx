import StageList from '../shared/StageList'

/** 发展党员 › 入党申请人: the records of this stage. */
export default function DevApplicantPage() {
  return <StageList stage="applicant" />
}
