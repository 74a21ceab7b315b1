import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/api/message', () => ({
  workSummary: vi.fn(() => Promise.resolve({ total: 1, groups: [] })),
  remindPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 1 })),
  warningPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 0, totalWarningNum: 0 })),
}))
vi.mock('@/api/home', () => ({ orgWarningPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 0 })) }))

import * as api from '@/api/message'
import { COUNTS_EVENT, COUNTS_PATH } from '@/api/generated/push'
import { STREAM_ERRORS, STREAM_RETRY_MS, startCountUpdates } from './countStream'
import { POLL, useCountersStore } from './counters'

/** jsdom and happy-dom have no EventSource: this one is driven by the test. */
class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  onerror: (() => void) | null = null
  private listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>()
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this)
  }
  addEventListener(name: string, fn: (ev: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn])
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  /** The server sends an event. */
  emit(name: string, data: unknown) {
    this.readyState = FakeEventSource.OPEN
    for (const fn of this.listeners.get(name) ?? []) fn(new MessageEvent(name, { data: JSON.stringify(data) }))
  }
  /** The connection fails; closed: the server refused it and EventSource gives up. */
  fail(closed = false) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
    this.onerror?.()
  }
}

const last = () => FakeEventSource.opened[FakeEventSource.opened.length - 1]
const polls = () => vi.mocked(api.workSummary).mock.calls.length + vi.mocked(api.remindPage).mock.calls.length
const COUNTS = { todo: 4, remind: 2, warning: 1, orgWarning: 3 }

describe('count stream', () => {
  let stop: () => void = () => undefined
  beforeEach(() => {
    vi.useFakeTimers()
    vi.mocked(api.workSummary).mockClear()
    vi.mocked(api.remindPage).mockClear()
    FakeEventSource.opened = []
    useCountersStore.getState().reset()
  })
  afterEach(() => {
    stop()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('takes the pushed counts and does not poll while the stream delivers', async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    stop = startCountUpdates()
    expect(FakeEventSource.opened).toHaveLength(1)
    expect(last().url).toBe(COUNTS_PATH)
    expect(last().init).toEqual({ withCredentials: true })
    last().emit(COUNTS_EVENT, COUNTS)
    expect(useCountersStore.getState()).toMatchObject({ todo: 4, remind: 2, personalWarning: 1, orgWarning: 3, warning: 4 })
    await vi.advanceTimersByTimeAsync(10 * POLL.todo.every)
    expect(polls()).toBe(0)
    // The stream's lifetime ends: one failure, EventSource reconnects, the next event carries on.
    last().fail()
    last().emit(COUNTS_EVENT, { ...COUNTS, remind: 5 })
    expect(useCountersStore.getState().remind).toBe(5)
    await vi.advanceTimersByTimeAsync(10 * POLL.todo.every)
    expect(polls()).toBe(0)
    stop()
    expect(last().readyState).toBe(FakeEventSource.CLOSED)
  })

  it('polls on the spec schedule without EventSource', async () => {
    vi.stubGlobal('EventSource', undefined)
    stop = startCountUpdates()
    await vi.advanceTimersByTimeAsync(POLL.todo.first)
    expect(api.workSummary).toHaveBeenCalledTimes(1)
    expect(api.remindPage).toHaveBeenCalledTimes(1)
  })

  it('polls when the server refuses the stream (a fourth tab: 429) and tries it again later', async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    stop = startCountUpdates()
    last().fail(true)
    expect(last().readyState).toBe(FakeEventSource.CLOSED)
    await vi.advanceTimersByTimeAsync(POLL.todo.first)
    expect(api.workSummary).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS)
    expect(FakeEventSource.opened).toHaveLength(2)
    last().emit(COUNTS_EVENT, COUNTS)
    const before = polls()
    await vi.advanceTimersByTimeAsync(10 * POLL.todo.every)
    expect(polls()).toBe(before)
  })

  it('polls after repeated failures of a stream that keeps reconnecting', async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    stop = startCountUpdates()
    const es = last()
    es.emit(COUNTS_EVENT, COUNTS)
    for (let i = 1; i < STREAM_ERRORS; i++) es.fail()
    expect(es.readyState).toBe(FakeEventSource.CONNECTING)
    es.fail()
    expect(es.readyState).toBe(FakeEventSource.CLOSED)
    await vi.advanceTimersByTimeAsync(POLL.todo.first + POLL.todo.every)
    expect(api.workSummary).toHaveBeenCalledTimes(2)
  })

  it('stop ends the polling too', async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    stop = startCountUpdates()
    last().fail(true)
    stop()
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS + POLL.warning.every)
    expect(polls()).toBe(0)
    expect(FakeEventSource.opened).toHaveLength(1)
  })
})
