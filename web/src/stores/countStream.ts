import { COUNTS_EVENT, COUNTS_PATH, type Counts } from '@/api/generated/push'
import { useCountersStore } from './counters'

/** Failures in a row (no counts event between them) after which the bar polls instead of streaming. */
export const STREAM_ERRORS = 3

/** After falling back to polling, how long until the stream is tried again (ms). */
export const STREAM_RETRY_MS = 300_000

const counters = () => useCountersStore.getState()

/**
 * Keeps the top bar's counts current from the server's count stream (server-sent events, docs/api.md):
 * while it delivers, nothing polls. Until its first event, and whenever it cannot serve — no
 * EventSource, a refusal (more tabs than the session may stream: 429; 401; 503), STREAM_ERRORS
 * failures in a row — the spec's polling runs instead, and the stream is tried again after
 * STREAM_RETRY_MS. The stream ending by itself (every few minutes) is one failure: EventSource
 * reconnects and its next event clears it. Returns the stop function.
 */
export function startCountUpdates(): () => void {
  let source: EventSource | undefined
  let retry: ReturnType<typeof setTimeout> | undefined

  const close = () => {
    source?.close()
    source = undefined
  }
  const fallBack = () => {
    close()
    counters().startPolling()
    retry = setTimeout(connect, STREAM_RETRY_MS)
  }
  function connect() {
    retry = undefined
    // Polling covers the wait for the first event (a proxy that buffers the stream never delivers one).
    counters().startPolling()
    if (typeof EventSource === 'undefined') return
    let failures = 0
    // Same origin: the session cookie goes with it (a bearer token cannot: such clients poll).
    const es = new EventSource(COUNTS_PATH, { withCredentials: true })
    source = es
    es.addEventListener(COUNTS_EVENT, (ev) => {
      failures = 0
      counters().stopPolling()
      counters().applyCounts(JSON.parse((ev as MessageEvent<string>).data) as Counts)
    })
    es.onerror = () => {
      failures++
      // CLOSED: the server answered with a refusal and EventSource will not reconnect.
      if (es.readyState === EventSource.CLOSED || failures >= STREAM_ERRORS) fallBack()
    }
  }

  connect()
  return () => {
    clearTimeout(retry)
    close()
    counters().stopPolling()
  }
}
