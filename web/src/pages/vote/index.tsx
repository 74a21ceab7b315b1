import { useDocumentTitle } from '@/app/useDocumentTitle'
import BallotPage from '@/components/ballot/BallotPage'
import { withQueryClient } from '@/components/withQueryClient'

/** 凭票码投票 (/vote?round=<id>): a public page for voters without an account, who hold a printed one-time code. */
function VotePage() {
  useDocumentTitle('凭票码投票')
  return <BallotPage signedIn={false} />
}

export default withQueryClient(VotePage)
