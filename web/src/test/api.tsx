// Test helpers of page tests: a mocked API on the shared axios instance and a signed-in user.
import MockAdapter from 'axios-mock-adapter'
import { vi } from 'vitest'
import { http } from '@/api/request'
import { useSessionStore } from '@/stores/session'
import { makeUser } from '@/test/fixtures'

/** Answers the shared axios instance from the test, so pages run their real service code. */
export function mockApi(): MockAdapter {
  return new MockAdapter(http)
}

/** Signs a user in with these permission strings (admin passes every check). */
export function signIn(roles: string[], over: Parameters<typeof makeUser>[0] = {}): void {
  useSessionStore.setState({ user: makeUser({ roles, ...over }), roles })
}

/** Body of a captured request as JSON. */
export function body(config: { data?: unknown }): unknown {
  return typeof config.data === 'string' ? JSON.parse(config.data) : config.data
}

/** Answers a mocked route with `status` and keeps each request's body, in order (empty: never sent). */
export function bodiesOf<T = Record<string, unknown>>(route: MockAdapter.RequestHandler, status = 200): T[] {
  const sent: T[] = []
  route.reply((c) => {
    sent.push(body(c) as T)
    return [status, {}]
  })
  return sent
}

/** Answers a mocked export route with a file and keeps each request's query parameters, in order. */
export function exportsOf<T = Record<string, unknown>>(route: MockAdapter.RequestHandler): T[] {
  const asked: T[] = []
  route.reply((c) => {
    asked.push(c.params as T)
    return [200, new Blob(['x'])]
  })
  return asked
}

export const page = <T,>(content: T[], totalElements = content.length) => ({ content, totalElements })

/**
 * Captures the files the page saves (downloadFile → an object URL and a link click): `saved` holds
 * their names in order; `restore` puts the browser functions back (call it in a finally).
 */
export function captureDownloads(): { saved: string[]; restore: () => void } {
  const saved: string[] = []
  const orig = URL.createObjectURL
  URL.createObjectURL = () => 'blob:x'
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
  return {
    saved,
    restore: () => {
      click.mockRestore()
      URL.createObjectURL = orig
    },
  }
}
