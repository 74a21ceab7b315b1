import type { Unread } from '@/api/generated/content'
import type { MessageItem } from '@/api/message'
import type { MyPoints } from '@/api/generated/points'
import { get, type Page } from '@/api/request'
import type { Member } from '@/components/member/types'
import type { TrailEntry } from '@/components/trail/ChangeTrail'

/** The member's organisation as their home shows it (internal/org Card). */
export interface OrgCard {
  id: number
  name: string
  typeLabel: string
  /** False once the organisation is revoked (撤销). */
  live: boolean
  /** From the university's committee down to the organisation itself. */
  pathNames: string[]
  secretaryName: string
  committee: string[]
  termStart: string | null
  termEnd: string | null
  contactPhone: string
}

/** GET /api/dyHome: the signed-in member's own home (docs/api.md). */
export interface MemberHome {
  /** Null when no member record is linked to the account. */
  member: Member | null
  org: OrgCard | null
  /** Unread messages, newest first. */
  messages: Page<MessageItem>
  trail: Page<TrailEntry>
  /** 我的积分: this year's total and latest entries (null without a member record). */
  points: MyPoints | null
  /** 党务新闻: how many news items and articles published to the member they have not opened. */
  unread?: Unread
}

/** The member's points of the current year (internal/points Summary), generated from Go. */
export type { MyPoints }

export const memberHome = () => get<MemberHome>('/api/dyHome')

/** A page of the change trail of the caller's own member record, newest first. */
export const ownTrailPage = (page: number, size: number) => get<Page<TrailEntry>>('/api/dyHome/trail', { page, size })
