import BallotPage from '@/components/ballot/BallotPage'

/**
 * 党组织换届投票 (/dzzhjgl/tp?round=<id>): a member with a vote present at the election meeting votes on the phone
 * (换届选举 and 党代表选举 open their rounds with this link; the 待投票 work list and the to-do point here).
 * Members without an account vote with their printed code at /vote?round=<id>.
 */
export default function ElectionVotePage() {
  return <BallotPage />
}
