// Prepared databases for the browser tests. Migrating an empty SQLite takes seconds and seeding the demo
// university many more; every test file wants its own database but the same start. So each start is made
// once — migrated, the admin created, the sign-in rate limits raised, and for the demo seeded — under a
// cache directory keyed on the binary's content, the kind and the day in China (the demo's dates
// count back from today), and copied per file; a new day removes the earlier days' stores. Two processes preparing the same key at once both build
// in a temporary directory and rename it into place: the first rename wins, the other keeps its copy's
// result and removes its own.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { call, login } from './api.mjs'
import { ADMIN_PASSWORD, BINARY, serverEnv, spawnServer, storeArgs } from './spawn.mjs'

/**
 * One cache for the machine, keyed on the binary's content: the Makefile builds with -trimpath, so a fresh
 * clone of the same commit builds the same bin/zhdj and finds its stores ready.
 */
const CACHE = join(tmpdir(), 'zhdj-e2e-cache')

/** Sign-in rate limits (sys_config) that the tests raise: they sign in far more often than a person. */
const RATE_LIMIT_KEYS = ['rateLoginPerMinute', 'rateLoginBurst', 'rateAccountPerMinute', 'rateAccountBurst', 'rateCaptchaPerMinute', 'rateCaptchaBurst']

/** Copies a prepared store (database, keys, files) into dir, without the template's server log. */
export function copyStore(from, dir) {
  cpSync(from, dir, { recursive: true, filter: (src) => !src.endsWith('server.log') })
}

async function raiseRateLimits(base) {
  const { token } = await login(base, 'admin', ADMIN_PASSWORD)
  const rows = await call(base, 'GET', '/api/sysConfig/listAll', { token })
  for (const row of rows.filter((r) => RATE_LIMIT_KEYS.includes(r.configKey))) {
    await call(base, 'PUT', '/api/sysConfig', { token, body: { ...row, configValue: '10000' } })
  }
  await call(base, 'DELETE', '/auth/logout', { token })
}

let binaryHash = ''

/** The day in China (the demo's dates count back from it) and the binary's content (hashed once a process). */
function storeKey() {
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
  binaryHash ||= createHash('sha256').update(readFileSync(BINARY)).digest('hex').slice(0, 16)
  return { day, key: `${day}-${binaryHash}` }
}

/** The directory of the prepared store: empty (migrated) without demoMembers, else the seeded demo university. */
export async function preparedStore(demoMembers) {
  const { day, key } = storeKey()
  const final = join(CACHE, `${key}-${demoMembers ? `demo${demoMembers}` : 'empty'}`)
  if (existsSync(join(final, 'zhdj.db'))) return final
  mkdirSync(CACHE, { recursive: true })
  // Stores of an earlier day are of no further use (another checkout may still be using today's of another binary).
  for (const name of readdirSync(CACHE)) {
    if (!name.startsWith(day) && !name.startsWith('.')) rmSync(join(CACHE, name), { recursive: true, force: true })
  }
  const work = mkdtempSync(join(CACHE, '.building-'))
  try {
    const env = serverEnv({ template: true })
    if (demoMembers) await promisify(execFile)(BINARY, ['seed', '--demo', '--members', String(demoMembers), ...storeArgs(work)], { env })
    const server = await spawnServer(work, env)
    try {
      await raiseRateLimits(server.base)
    } finally {
      await server.stop()
    }
    rmSync(join(work, 'server.log'), { force: true })
    try {
      renameSync(work, final)
    } catch (e) {
      // Another process put its store in place first: use that one.
      if (!existsSync(join(final, 'zhdj.db'))) throw e
      rmSync(work, { recursive: true, force: true })
    }
  } catch (e) {
    rmSync(work, { recursive: true, force: true })
    throw e
  }
  return final
}
