import type MockAdapter from 'axios-mock-adapter'
import { mockApi, page } from './api'

/** The mocked API of one list page test. */
export interface ListApi {
  mock: MockAdapter
  /** The query params of each GET of the list, in order. */
  queries: Record<string, unknown>[]
}

export interface ListApiOptions {
  /** What GET /api/dictDetail/map answers (see dictOptions). */
  dicts?: Record<string, { label: string; value: string }[]>
  /** The other lists the page asks on opening (pickers, trees): URL → rows, answered as one page. */
  pages?: Record<string, unknown[]>
}

/**
 * A fresh mocked API for a list page (call in beforeEach): GET `list` answers `rows` as one page and
 * records its query params, so a test can check what the search form sent.
 */
export function mockListApi(list: string, rows: unknown[], { dicts, pages = {} }: ListApiOptions = {}): ListApi {
  const mock = mockApi()
  const queries: Record<string, unknown>[] = []
  if (dicts) mock.onGet('/api/dictDetail/map').reply(200, dicts)
  for (const [url, content] of Object.entries(pages)) mock.onGet(url).reply(200, page(content))
  mock.onGet(list).reply((c) => {
    queries.push(c.params as Record<string, unknown>)
    return [200, page(rows)]
  })
  return { mock, queries }
}

/** A dictionary's options with these labels and the values '1', '2', … the seeded dictionaries use. */
export const dictOptions = (...labels: string[]) => labels.map((label, i) => ({ label, value: String(i + 1) }))
