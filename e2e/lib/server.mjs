// Starts a real zhdj on a free loopback port with a throw-away SQLite database, copied from a prepared
// template (store.mjs): a migrated empty database, or the demo university seeded once per run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADMIN_PASSWORD, BINARY, spawnServer } from './spawn.mjs'
import { copyStore, preparedStore } from './store.mjs'

export { ADMIN_PASSWORD }

/**
 * Starts a server; with demoMembers, on the demo university (东湖大学, `zhdj seed --demo`) of that many
 * members (300 or more) instead of an empty database. Both come from a template prepared once per run
 * (and per binary and day) and copied here, with the sign-in rate limits already raised.
 */
export async function startServer({ demoMembers } = {}) {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`make build\` first`)
  const template = await preparedStore(demoMembers)
  const dir = mkdtempSync(join(tmpdir(), 'zhdj-e2e-'))
  copyStore(template, dir)
  const server = await spawnServer(dir)
  return {
    base: server.base,
    dir,
    async stop() {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
