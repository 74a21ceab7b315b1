/** An active session of GET /api/online (the token itself is never sent). */
export interface OnlineSession {
  id: number
  userId: number
  username: string
  nickName: string
  ip: string
  userAgent: string
  remember: boolean
  createTime: string
  lastSeenTime: string
  expireTime: string
  /** The caller's own session: it cannot be ended here (that is 退出登录). */
  current: boolean
}
