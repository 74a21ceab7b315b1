import { useLocation } from 'react-router'
import { RECEIPT_PATH } from '@/api/generated/orglifeReceipt'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import ModuleNotReady from '@/components/ModuleNotReady'
import { withQueryClient } from '@/components/withQueryClient'
import MeetingReceipt from './MeetingReceipt'

/**
 * Public questionnaire pages (/questionnaire*, matched by prefix): the meeting receipt at /questionnaire/meeting;
 * the questionnaires of the designer come with the ballots issue.
 */
function QuestionnairePage() {
  const { pathname } = useLocation()
  const receipt = pathname.replace(/\/+$/, '') === RECEIPT_PATH
  useDocumentTitle(receipt ? '会议回执' : '问卷回执')
  return receipt ? <MeetingReceipt /> : <ModuleNotReady title="问卷回执" />
}

/** A public page: outside the signed-in shell, so with a react-query client of its own. */
export default withQueryClient(QuestionnairePage)
