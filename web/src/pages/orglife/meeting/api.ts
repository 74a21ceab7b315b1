import { del, get, post, put } from '@/api/request'
import { deleter, getFetcher, type CrudFetcher } from '@/components/crud'
import type { AttendeeView, AttendStatus, MeetingInput, MeetingType, MeetingView } from './types'

/** The meetings (docs/orglife.md "API"): hy:* in the caller's organisation scope. */
export const MEETINGS = '/api/zzsh/meetings'
export const TYPES = '/api/zzsh/types'

const meeting = (id: number) => `${MEETINGS}/${id}`

/** The list of one type (a built-in code, or `other`: the school's own types). */
export const fetchMeetings = (type: string): CrudFetcher<MeetingView> => {
  const list = getFetcher<MeetingView>(MEETINGS)
  return (q) => list({ ...q, filters: { ...q.filters, type } })
}

export const meetingDetail = (id: number) => get<MeetingView>(meeting(id))
export const createMeeting = (body: MeetingInput) => post<MeetingView>(MEETINGS, body)
export const updateMeeting = (body: MeetingInput) => put<MeetingView>(MEETINGS, body)
export const deleteMeetings = deleter(MEETINGS)

/** The state actions: 发布, 开始, 结束 (no body), 取消 (a reason), 改期 (new times and a reason). */
export const meetingAction = (id: number, action: 'publish' | 'start' | 'close') => post<MeetingView>(`${meeting(id)}/${action}`)
export const cancelMeeting = (id: number, reason: string) => post<MeetingView>(`${meeting(id)}/cancel`, { reason })
export const rescheduleMeeting = (id: number, body: { startsAt: string; endsAt: string; reason: string }) => post<MeetingView>(`${meeting(id)}/reschedule`, body)
export const saveMinutes = (id: number, body: { minutes: string; resolutions: string }) => put<MeetingView>(`${meeting(id)}/minutes`, body)

export const attendeesOf = (id: number) => get<AttendeeView[]>(`${meeting(id)}/attendees`)
/** Draws the organisation's members not yet listed. */
export const drawRoster = (id: number) => post<{ added: number }>(`${meeting(id)}/attendees/roster`)
export const addMembers = (id: number, memberIds: number[], joinReason: number) => post<{ added: number }>(`${meeting(id)}/attendees`, { memberIds, joinReason })
export const addGuest = (id: number, body: { name: string; guestTitle: string }) => post<AttendeeView>(`${meeting(id)}/guests`, body)
export const removeAttendees = (id: number, ids: number[]) => del<void>(`${meeting(id)}/attendees`, { ids })
export const markAttendance = (id: number, aid: number, status: AttendStatus) => put<AttendeeView>(`${meeting(id)}/attendees/${aid}/attendance`, { status })
export const decideLeave = (id: number, aid: number, approve: boolean) => put<AttendeeView>(`${meeting(id)}/attendees/${aid}/leave`, { approve })

export const attachmentsApi = (id: number) => `${meeting(id)}/attachments`
export const recordDocx = (id: number) => `${meeting(id)}/record.docx`

/** The screen view of a started meeting (QR and live count), another page's. */
export const screenPath = (id: number) => `/orglife/screen?id=${id}`

/** The enabled types, for pickers (hy:list). */
export const typeOptions = () => get<MeetingType[]>(`${TYPES}/options`)
