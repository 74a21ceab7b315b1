import { AxiosError, AxiosHeaders } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TERMINAL } from '@/api/generated/course'
import { clock, startHeartbeat, takenOver, terminalOf } from './heartbeat'

/** A document whose visibility the test sets. */
function fakeDoc() {
  const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState }
  target.visibilityState = 'visible'
  const show = (state: DocumentVisibilityState) => {
    target.visibilityState = state
    target.dispatchEvent(new Event('visibilitychange'))
  }
  return { doc: target as unknown as Document, show }
}

describe('the study heartbeat', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reports every interval while visible and studying, and nothing while paused', () => {
    const { doc } = fakeDoc()
    const sent: boolean[] = []
    let playing = true
    const stop = startHeartbeat(30, { send: (v) => sent.push(v), studying: () => playing }, doc)
    vi.advanceTimersByTime(29_999)
    expect(sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual([true])
    playing = false
    vi.advanceTimersByTime(90_000)
    expect(sent).toEqual([true])
    playing = true
    vi.advanceTimersByTime(30_000)
    expect(sent).toEqual([true, true])
    stop()
    vi.advanceTimersByTime(300_000)
    expect(sent).toEqual([true, true])
  })

  it('reports the visible time when hidden, nothing while hidden, and resets the clock when shown again', () => {
    const { doc, show } = fakeDoc()
    const sent: boolean[] = []
    const stop = startHeartbeat(30, { send: (v) => sent.push(v), studying: () => true }, doc)
    vi.advanceTimersByTime(10_000)
    show('hidden')
    expect(sent).toEqual([true]) // the 10 visible seconds
    vi.advanceTimersByTime(120_000)
    expect(sent).toEqual([true]) // nothing while hidden
    show('visible')
    expect(sent).toEqual([true, false]) // the hidden time earns nothing
    stop()
    show('hidden')
    expect(sent).toEqual([true, false]) // stopped: the listener is gone
  })

  it('tells a phone from a computer, a take-over from other failures, and shows durations', () => {
    expect(terminalOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(TERMINAL.mobile)
    expect(terminalOf('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile Safari/537.36')).toBe(TERMINAL.mobile)
    expect(terminalOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120 Safari/537.36')).toBe(TERMINAL.pc)
    const failed = (status: number) =>
      new AxiosError('x', String(status), undefined, undefined, { status, statusText: '', data: {}, headers: {}, config: { headers: new AxiosHeaders() } })
    expect(takenOver(failed(409))).toBe(true)
    expect(takenOver(failed(500))).toBe(false)
    expect(takenOver(new Error('x'))).toBe(false)
    expect(clock(0)).toBe('0:00')
    expect(clock(125.7)).toBe('2:05')
  })
})
