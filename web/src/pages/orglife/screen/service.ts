import { get } from '@/api/request'
import type { Screen } from '@/api/generated/orglifeSign'

export type { Screen, Signed } from '@/api/generated/orglifeSign'

/**
 * A started meeting's screen: the sign-in link (valid 10 minutes), the counts and the latest sign-ins (hy:edit).
 * Silent: the page shows the refusal (会议未开始签到, 会议已结束) itself, and keeps polling.
 */
export const meetingScreen = (id: number) => get<Screen>(`/api/zzsh/meetings/${id}/screen`, undefined, { silent: true })
