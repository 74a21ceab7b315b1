import { Tag } from 'antd'
import { APPEAL_STATE_NAMES, type AppealState } from '@/api/generated/cadreAssess'

/** Only a waiting appeal stands out: it holds up the confirmation. */
const APPEAL_COLORS: Record<AppealState, string> = { pending: 'orange', kept: 'default', changed: 'default' }

/** An appeal's state as a tag; nothing for a result without an appeal. */
export default function AppealTag({ state }: { state: AppealState | '' }) {
  if (!state) return null
  return <Tag color={APPEAL_COLORS[state]}>{APPEAL_STATE_NAMES[state]}</Tag>
}
