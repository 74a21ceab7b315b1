/** A row of the operation log (GET /api/logs): one mutating request, or a sensitive read. */
export interface OperLog {
  id: number
  userId: number | null
  username: string
  /** The route's module and action (党员信息 · 新增). */
  module: string
  action: string
  /** The ids of the records acted on (comma-separated) and a name when the request carried one. */
  target: string
  targetName: string
  method: string
  path: string
  /** The query string, personal values masked. */
  query: string
  status: number
  ip: string
  userAgent: string
  durationMs: number
  message: string
  createTime: string
  /** The request body, secrets removed and personal values masked (only in the detail). */
  body?: string
}
