import { Tag } from 'antd'
import { CASE_STATE_NAMES, CASE_STATES, type CaseView } from './api'

const COLORS: Record<number, string> = {
  [CASE_STATES.candidate]: 'gold',
  [CASE_STATES.recommended]: 'orange',
  [CASE_STATES.rectifying]: 'red',
  [CASE_STATES.rejected]: 'default',
  [CASE_STATES.closing]: 'blue',
  [CASE_STATES.closed]: 'green',
}

/** A case's state as a coloured tag. */
export const stateTag = (c: Pick<CaseView, 'state'>) => <Tag color={COLORS[c.state]}>{CASE_STATE_NAMES[c.state]}</Tag>
