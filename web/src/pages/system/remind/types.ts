/** A reminder rule as the 智能提醒 page lists it (GET /api/remind/rules). */
export interface RemindRule {
  /** Spec §4 reminder types 1–6; a module's own from 100. */
  type: number
  name: string
  /** Days before the due date the reminder starts. */
  window: number
  defaultWindow: number
  /** 0 off, 1 on. */
  enabled: number
  /** NO_START 1, START 2, FINISH 3. */
  runState: number
  lastRunTime: string | null
  /** Records due at the last run. */
  lastCount: number
  lastError: string
  /** Open reminders in the caller's scope. */
  open: number
}

/** One reminder of a record (GET /api/remind/reminders). */
export interface Reminder {
  id: number
  type: number
  recordId: number
  dueOn: string
  orgId: number | null
  orgName: string
  userId: number | null
  title: string
  link: string
  createTime: string
  closeTime: string | null
}
