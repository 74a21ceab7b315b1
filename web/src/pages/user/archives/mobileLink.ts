import type { LinkState } from '@/api/generated/archive'

/** The phone page of 手机上传 (pages/mobileUpload reads ?t=), outside the session: the QR code's text. */
export function phoneUploadUrl(origin: string, token: string): string {
  return `${origin}/web/mobileUpload?t=${encodeURIComponent(token)}`
}

/** Whole seconds left until expiresAt (never below 0). */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000))
}

/** The countdown under the QR code: 9:05 → "09:05 后失效", 0 → "已过期". */
export function countdownText(seconds: number): string {
  if (seconds <= 0) return '已过期'
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')} 后失效`
}

/**
 * Whether the desktop keeps polling its link: while the server says WAITING and the link has time left.
 * A link that brought its file (DONE) or expired (EXPIRED, or no time left here) is not asked again.
 */
export function keepPolling(state: LinkState | undefined, seconds: number): boolean {
  if (seconds <= 0) return false
  return !state || state.state === 'WAITING'
}
