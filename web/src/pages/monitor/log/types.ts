/** A row of the operation log (GET /api/logs): one mutating request. */
export interface OperLog {
  id: number
  userId: number | null
  username: string
  method: string
  path: string
  status: number
  ip: string
  userAgent: string
  durationMs: number
  message: string
  createTime: string
}
