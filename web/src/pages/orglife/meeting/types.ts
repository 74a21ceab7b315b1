// The meetings' JSON types and vocabulary, generated from internal/orglife (`make gen`), under the names
// the pages use.
import type { MeetingFileKind } from '@/api/generated/orglife'

export type { AttendeeView, MeetingInput, MeetingType, MeetingView, Attendance as AttendStatus } from '@/api/generated/orglife'
export {
  ATTENDANCE_NAMES as ATTEND_NAMES,
  BUILTIN_TYPE_NAMES,
  JOIN_REASON_NAMES,
  JOIN_TYPES as JOIN_TYPE,
  LEAVE_STATE_NAMES,
  LEAVE_STATES as LEAVE_STATE,
  MEETING_STATE_NAMES as STATE_NAMES,
  MEETING_STATES as STATE,
  PERIOD_NAMES,
  TYPE_OTHER as OTHER_TYPES,
} from '@/api/generated/orglife'

/** A meeting's attachment kinds: photos taken on the phone, uploaded files, 对照检查材料, the opinions collected before a 组织生活会/民主生活会. */
export const FILE_KIND = { photo: 'photo', upload: 'upload', check: 'check', opinion: 'opinion' } as const satisfies Record<string, MeetingFileKind>
