import { Result } from 'antd'
import { useLocation } from 'react-router'
import { MEETING_RECEIPT_PATH, PUBLIC_PREFIX } from '@/api/generated/survey'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import { withQueryClient } from '@/components/withQueryClient'
import MeetingReceipt from './MeetingReceipt'
import SurveyFill from './SurveyFill'

/**
 * Public questionnaire pages (/questionnaire*, matched by prefix): a questionnaire of 问卷管理 at
 * /questionnaire/s/<token>, and /questionnaire/meeting?id=<meeting>, which takes a member to their meeting receipt's
 * questionnaire (docs/survey.md).
 */
function QuestionnairePage() {
  const { pathname } = useLocation()
  const receipt = pathname.replace(/\/+$/, '') === MEETING_RECEIPT_PATH
  const survey = pathname.startsWith(PUBLIC_PREFIX)
  useDocumentTitle(receipt ? '会议回执' : survey ? '填写问卷' : '问卷回执')
  if (receipt) return <MeetingReceipt />
  if (survey) return <SurveyFill />
  return <Result status="warning" title="问卷回执" subTitle="链接不完整：请从消息中心的通知或发放人提供的链接打开。" />
}

/** A public page: outside the signed-in shell, so with a react-query client of its own. */
export default withQueryClient(QuestionnairePage)
