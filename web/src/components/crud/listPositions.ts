import type { CrudQuery } from './query'

/**
 * Where each list was left this session (per user): its query and its search form's values, so a list
 * opened again — 返回 from a record's detail — starts with the same search, page and sort. A module of
 * its own, importing nothing that reaches the API: the test setup clears it, and whatever the setup
 * imports is loaded before a test file's mocks apply.
 */
export const leftAt = new Map<string, { query: CrudQuery; form: Record<string, unknown> }>()

/** Forgets where the lists were left (tests start afresh). */
export const forgetListPositions = () => leftAt.clear()
