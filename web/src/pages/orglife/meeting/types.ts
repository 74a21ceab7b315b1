// The meetings' JSON types and vocabulary (docs/orglife.md "API", internal/orglife/model.go).
// Typed here until `make gen` writes them to src/api/generated/: then this file becomes imports from there.

/** A meeting type (zzsh_meeting_type) as GET /api/zzsh/types answers it. */
export interface MeetingType {
  id: number
  code: string
  name: string
  /** DZZ_LX codes of the organisations that hold it, comma-separated ("4,5"). */
  orgTypes: string
  /** month, quarter, year, or '' (no requirement). */
  period: string
  minCount: number
  /** A built-in code this type counts toward, or ''. */
  countsAs: string
  builtin: boolean
  enabled: boolean
  sort: number
  createTime: string
  updateTime: string
}

/** A meeting as GET /api/zzsh/meetings answers it (Meeting + names and counts). */
export interface MeetingView {
  id: number
  orgId: number
  typeCode: string
  topic: string
  startsAt: string
  endsAt: string
  heldOn: string
  place: string
  online: boolean
  host: string
  recorder: string
  lecturer: string
  secretaryLecture: boolean
  agenda: string
  state: number
  cancelledAt: string | null
  cancelReason: string
  /** Sanitised HTML. */
  minutes: string
  resolutions: string
  minutesAt: string | null
  receipt: boolean
  publishedAt: string | null
  startedAt: string | null
  closedAt: string | null
  createTime: string
  updateTime: string
  orgName: string
  typeName: string
  stateName: string
  cancelled: boolean
  attendeeCount: number
  /** Present and late. */
  presentCount: number
  lateCount: number
  leaveCount: number
  absentCount: number
  pendingLeaves: number
}

/** The body of POST/PUT /api/zzsh/meetings (id and updateTime on PUT). */
export interface MeetingInput {
  id?: number
  updateTime?: string
  orgId: number | null
  typeCode: string
  topic: string
  startsAt: string
  endsAt: string
  place: string
  online: boolean
  host: string
  recorder: string
  lecturer: string
  secretaryLecture: boolean
  agenda: string
  receipt: boolean
}

/** One attendee as GET /api/zzsh/meetings/{id}/attendees answers it. */
export interface AttendeeView {
  id: number
  meetingId: number
  /** null for a guest. */
  memberId: number | null
  name: string
  guest: boolean
  guestTitle: string
  joinType: number
  joinReason: number
  status: AttendStatus
  signedAt: string | null
  /** scan or hand. */
  signChannel: string
  leaveReason: string
  leaveState: number
  leaveDecidedBy: string
  leaveDecidedAt: string | null
  createTime: string
  updateTime: string
  statusName: string
  joinReasonName: string
  /** The member's organisation. */
  orgName: string
}

/** Meeting states (spec §4 STATE): NO_CONFIG 1 → CONFIG 2 → START 3 → CLOSE 4. */
export const STATE = { draft: 1, published: 2, started: 3, closed: 4 } as const

export const STATE_NAMES: Record<number, string> = { 1: '草稿', 2: '已发布', 3: '进行中', 4: '已结束' }

/** How an attendee came onto the list (spec §4 JOIN_TYPE). */
export const JOIN_TYPE = { roster: 1, byHand: 2 } as const

/** Why an attendee must attend (spec §4 JOIN_REASON); 0 an ordinary attendee. */
export const JOIN_REASON_NAMES: Record<number, string> = { 1: '按班级全年参加', 2: '按岗位全年参加', 3: '兼职参加' }

export type AttendStatus = 'expected' | 'present' | 'late' | 'leave' | 'absent'

export const ATTEND_NAMES: Record<AttendStatus, string> = { expected: '未签到', present: '已签到', late: '迟到', leave: '请假', absent: '缺席' }

/** A leave request's decision (0 none). */
export const LEAVE_STATE = { pending: 1, approved: 2, rejected: 3 } as const

export const LEAVE_STATE_NAMES: Record<number, string> = { 1: '待批准', 2: '已批准', 3: '未批准' }

/** A meeting's attachment kinds: photos taken on the phone, uploaded files, 对照检查材料. */
export const FILE_KIND = { photo: 'photo', upload: 'upload', check: 'check' } as const

/** Compliance periods of a type's requirement. */
export const PERIOD_NAMES: Record<string, string> = { month: '每月', quarter: '每季度', year: '每年' }

/** The built-in types (their codes are also the meeting pages' paths). */
export const BUILTIN_TYPE_NAMES: Record<string, string> = {
  zbdydh: '支部党员大会',
  zbwyh: '支部委员会',
  dxzh: '党小组会',
  dk: '党课',
  ztdr: '主题党日',
  zzshh: '组织生活会',
  mzshh: '民主生活会',
}

/** The list's `type` of the 其他会议 page: the school's own types. */
export const OTHER_TYPES = 'other'
