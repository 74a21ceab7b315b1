// Starts a real zhdj on a free loopback port with a throw-away SQLite database.
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, existsSync, openSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { call, login } from './api.mjs'

export const ADMIN_PASSWORD = 'E2e#Admin2026'
const BINARY = resolve(import.meta.dirname, '../../bin/zhdj')

/** Sign-in rate limits (sys_config) that the tests raise: they sign in far more often than a person. */
const RATE_LIMIT_KEYS = ['rateLoginPerMinute', 'rateLoginBurst', 'rateAccountPerMinute', 'rateAccountBurst', 'rateCaptchaPerMinute', 'rateCaptchaBurst']

async function raiseRateLimits(base) {
  const { token } = await login(base, 'admin', ADMIN_PASSWORD)
  const rows = await call(base, 'GET', '/api/sysConfig/listAll', { token })
  for (const row of rows.filter((r) => RATE_LIMIT_KEYS.includes(r.configKey))) {
    await call(base, 'PUT', '/api/sysConfig', { token, body: { ...row, configValue: '10000' } })
  }
  await call(base, 'DELETE', '/auth/logout', { token })
}

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => ok(port))
    })
  })
}

async function waitHealthy(base, child, ms = 30_000) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`zhdj exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${base}/healthz`)
      if (res.ok) return
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('zhdj did not become healthy in time')
}

/**
 * Starts a server; with demoMembers, on the demo university (东湖大学, `zhdj seed --demo`) of that many
 * members (300 or more) instead of an empty database.
 */
export async function startServer({ demoMembers } = {}) {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`make build\` first`)
  const dir = mkdtempSync(join(tmpdir(), 'zhdj-e2e-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const log = openSync(join(dir, 'server.log'), 'w')
  const env = { ...process.env, ZHDJ_ADMIN_PASSWORD: ADMIN_PASSWORD, ZHDJ_CAPTCHA: 'off' }
  const store = ['--db', join(dir, 'zhdj.db'), '--data-dir', dir]
  if (demoMembers) await promisify(execFile)(BINARY, ['seed', '--demo', '--members', String(demoMembers), ...store], { env })
  const child = spawn(BINARY, ['serve', '--addr', `127.0.0.1:${port}`, ...store], {
    env,
    stdio: ['ignore', log, log],
  })
  try {
    await waitHealthy(base, child)
    await raiseRateLimits(base)
  } catch (e) {
    child.kill('SIGKILL')
    throw new Error(`${e.message}; log in ${join(dir, 'server.log')}`)
  }
  return {
    base,
    dir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
