import { useEffect, useRef } from 'react'
import { isAxiosError } from 'axios'
import { TERMINAL } from '@/api/generated/course'

/** What the heartbeat needs from its page. */
export interface HeartbeatDeps {
  /** Reports the progress; visible false tells the server the time since the last report earns nothing. */
  send: (visible: boolean) => void
  /** Whether the page is studying now (a video: playing; a document: always). */
  studying: () => boolean
}

/**
 * Starts the heartbeat of a study page: every intervalSeconds while the page is visible and studying it reports
 * (the server credits at most the time since the last accepted report); when the page is hidden it reports once
 * (the visible time until then), and when it shows again it reports with visible false, so the hidden time earns
 * nothing. Answers the stop.
 */
export function startHeartbeat(intervalSeconds: number, deps: HeartbeatDeps, doc: Document = document): () => void {
  const timer = setInterval(() => {
    if (doc.visibilityState === 'visible' && deps.studying()) deps.send(true)
  }, intervalSeconds * 1000)
  const onVisibility = () => deps.send(doc.visibilityState !== 'visible' ? true : false)
  doc.addEventListener('visibilitychange', onVisibility)
  return () => {
    clearInterval(timer)
    doc.removeEventListener('visibilitychange', onVisibility)
  }
}

/** startHeartbeat for a component, while enabled (a session started, not taken over). */
export function useHeartbeat(enabled: boolean, intervalSeconds: number, deps: HeartbeatDeps): void {
  const ref = useRef(deps)
  useEffect(() => {
    ref.current = deps
  })
  useEffect(() => {
    if (!enabled || intervalSeconds <= 0) return undefined
    return startHeartbeat(intervalSeconds, { send: (v) => ref.current.send(v), studying: () => ref.current.studying() })
  }, [enabled, intervalSeconds])
}

/** The terminal the learner studies on (TERMINAL_TYPE): a phone or tablet's browser, else a computer. */
export function terminalOf(userAgent: string): number {
  return /Mobi|Android|iPhone|iPad|HarmonyOS/i.test(userAgent) ? TERMINAL.mobile : TERMINAL.pc
}

/** Whether a failed heartbeat means another page took the session over (409): the page stops reporting. */
export function takenOver(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 409
}

/** Seconds as 分:秒 (a video's position, a duration). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
