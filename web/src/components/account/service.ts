import { del, LONG_TIMEOUT, post, put } from '@/api/request'

/** What happened to one member's account (a new one carries its initial password, answered this once). */
export interface AccountOutcome {
  memberId: number
  name: string
  username: string
  initialPassword?: string
  created: boolean
}

/** A member a batch left as it was, and why. */
export interface SkippedMember {
  memberId: number
  name: string
  staffOrStudentNo: string
  reason: string
}

/** The answer of a batch: new accounts (the printable list), accounts linked, members skipped. */
export interface AccountBatch {
  created: AccountOutcome[]
  linked: AccountOutcome[]
  skipped: SkippedMember[]
  /** Set when a failure ended the batch early; what is listed is saved. */
  stopped?: string
}

/**
 * Accounts for every member in normal status of the organisation's subtree (none: the caller's whole
 * scope): username = 学号/工号, role 党员, placed at the member's own organisation; one chunk of members per
 * transaction on the server, so a large batch takes a while.
 */
export const batchAccounts = (orgId: number | null) =>
  post<AccountBatch>('/api/dyjbxx/accounts', orgId ? { orgId } : {}, { timeout: LONG_TIMEOUT })

/** One member's account: the chosen existing account, or (none) the one its number names or a new one. */
export const linkAccount = (memberId: number, userId?: number) => post<AccountOutcome>(`/api/dyjbxx/${memberId}/account`, userId ? { userId } : {})

/** Parts the member from its account (the account stays). */
export const unlinkAccount = (memberId: number) => del<void>(`/api/dyjbxx/${memberId}/account`)

/** Body of 设置书记/委员. */
export interface LeadersBody {
  secretaryId: number | null
  committeeIds: number[]
  /** Give the secretary an account with the role of the organisation's level, placed at the organisation. */
  account: boolean
}

export interface LeadersResult {
  secretaryName: string
  committee: string[]
  account?: AccountOutcome
  /** The role the secretary's account holds now. */
  role?: string
  /** The secretary replaced (or removed), when they have an account: whether it lost the role of the level. */
  former?: { name: string; username: string; revoked: boolean; reason?: string }
}

/** What to tell about a replaced secretary's account (null: nothing happened to one). */
export function formerNotice(r: LeadersResult, role: string | null): { type: 'info' | 'warning'; text: string } | null {
  const f = r.former
  if (!f || !role) return null
  if (f.revoked) return { type: 'info', text: `原书记${f.name}的账号 ${f.username} 已收回“${role}”角色` }
  if (f.reason) return { type: 'warning', text: `原书记${f.name}的账号 ${f.username} 仍保留“${role}”角色：${f.reason}` }
  return null
}

export const setLeaders = (orgId: number, body: LeadersBody) => put<LeadersResult>(`/api/dzzxx/${orgId}/leaders`, body)

/** A reason to think twice before appointing a member (internal/account/leaderflags.go); blocking: the save refuses it. */
export interface LeaderFlag {
  code: 'arrears' | 'suspended' | 'watch'
  label: string
  blocking: boolean
}

/** A chosen member with flags (members without any are not answered). */
export interface LeaderCheck {
  memberId: number
  name: string
  flags: LeaderFlag[]
}

/** The chosen members' flags, asked before saving: 连续6个月及以上未缴党费, 停止党籍, 留党察看. */
export const checkLeaders = (orgId: number, body: Omit<LeadersBody, 'account'>) => post<LeaderCheck[]>(`/api/dzzxx/${orgId}/leaders/check`, body)

/** The batch of one outcome, as the result dialog shows it. */
export const batchOf = (o: AccountOutcome): AccountBatch => ({ created: o.created ? [o] : [], linked: o.created ? [] : [o], skipped: [] })
