import { get, put } from './request'

/**
 * The signed-in user's preferences, kept on the server (GET/PUT /api/users/prefs) so they follow the
 * user to every browser: small JSON values under keys such as `columns.party.dyjbxx`.
 */
export const getPref = <T>(key: string) =>
  get<{ key: string; value: T | null }>('/api/users/prefs', { key }, { silent: true }).then((r) => r.value)

/** Stores a preference; null forgets it. */
export const savePref = (key: string, value: unknown) => put<void>('/api/users/prefs', { key, value })
