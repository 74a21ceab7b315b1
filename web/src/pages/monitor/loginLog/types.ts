/** A row of the login log (GET /api/logs/login): one sign-in attempt. */
export interface LoginLog {
  id: number
  username: string
  ip: string
  userAgent: string
  success: boolean
  message: string
  createTime: string
}
