import { Tag } from 'antd'
import { ATTEND_NAMES, LEAVE_STATE_NAMES, STATE, STATE_NAMES, type AttendeeView, type MeetingView } from './types'
import type { LeaveState } from '@/api/generated/orglife'

const STATE_COLORS: Record<number, string> = { [STATE.draft]: 'default', [STATE.published]: 'processing', [STATE.started]: 'success', [STATE.closed]: 'blue' }

/** A meeting's state as a tag: 已取消 over the state it was cancelled in. */
export function stateTag(m: Pick<MeetingView, 'state' | 'stateName' | 'cancelled'>) {
  if (m.cancelled) return <Tag color="error">已取消</Tag>
  return <Tag color={STATE_COLORS[m.state] ?? 'default'}>{m.stateName || STATE_NAMES[m.state]}</Tag>
}

/** Where a meeting is held: 线上, or the place (线上 · place when both). */
export function placeText(m: Pick<MeetingView, 'place' | 'online'>): string {
  if (m.online) return m.place ? `线上 · ${m.place}` : '线上'
  return m.place
}

const ATTEND_COLORS: Record<string, string> = { expected: 'default', present: 'success', late: 'warning', leave: 'processing', absent: 'error' }

export function attendTag(a: Pick<AttendeeView, 'status' | 'statusName'>) {
  return <Tag color={ATTEND_COLORS[a.status] ?? 'default'}>{a.statusName || ATTEND_NAMES[a.status]}</Tag>
}

const LEAVE_COLORS: Record<LeaveState, string> = { 1: 'warning', 2: 'success', 3: 'error' }

export function leaveTag(leaveState: 0 | LeaveState) {
  return leaveState ? <Tag color={LEAVE_COLORS[leaveState]}>{LEAVE_STATE_NAMES[leaveState]}</Tag> : null
}

/** Whether a meeting can still be changed as planned (edited, rescheduled, cancelled): a draft or published one not cancelled. */
export const planned = (m: Pick<MeetingView, 'state' | 'cancelled'>) => !m.cancelled && m.state <= STATE.published

/** Whether a meeting may be deleted: a draft, or a cancelled one. */
export const deletable = (m: Pick<MeetingView, 'state' | 'cancelled'>) => m.cancelled || m.state === STATE.draft

/** Whether a meeting's sign-in is open: its counts and attendees change as members scan, without the host doing anything. */
export const live = (m: Pick<MeetingView, 'state' | 'cancelled'> | undefined) => !!m && !m.cancelled && m.state === STATE.started

/** How often an open meeting drawer reads a live meeting and its attendees again. */
export const LIVE_MS = 10_000
