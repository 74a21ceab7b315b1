// Runs `zhdj serve` on a store directory (SQLite file, keys, uploads) on a free loopback port.
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

export const ADMIN_PASSWORD = 'E2e#Admin2026'
export const BINARY = resolve(import.meta.dirname, '../../bin/zhdj')

/** The server's environment; a template's leaves out the payment settings a test file sets for its own server. */
export function serverEnv({ template = false } = {}) {
  const env = { ...process.env, ZHDJ_ADMIN_PASSWORD: ADMIN_PASSWORD, ZHDJ_CAPTCHA: 'off' }
  if (template) for (const k of Object.keys(env)) if (k.startsWith('ZHDJ_PAY_')) delete env[k]
  return env
}

export const storeArgs = (dir) => ['--db', join(dir, 'zhdj.db'), '--data-dir', dir]

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

/**
 * Spawns `zhdj serve` on dir and resolves once it answers /healthz. The server prints its banner right
 * after it starts listening, so the health check follows the banner instead of polling on a timer.
 */
export async function spawnServer(dir, env = serverEnv()) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const log = createWriteStream(join(dir, 'server.log'))
  const child = spawn(BINARY, ['serve', '--addr', `127.0.0.1:${port}`, ...storeArgs(dir)], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      // A graceful stop takes milliseconds; the timer only bounds a server that hangs.
      let timer
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))])
      clearTimeout(timer)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  }
  try {
    await new Promise((ok, fail) => {
      let out = ''
      const limit = setTimeout(() => fail(new Error('zhdj did not start in 60 s')), 60_000)
      child.once('exit', (code) => {
        clearTimeout(limit)
        fail(new Error(`zhdj exited with ${code}`))
      })
      child.stdout.on('data', function onData(chunk) {
        out += chunk
        if (out.includes('zhdj is running')) {
          clearTimeout(limit)
          child.stdout.off('data', onData)
          ok()
        }
      })
    })
    // The banner follows ListenAndServe's start by microseconds: retry only a refused connection.
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break
      } catch (e) {
        if (attempt > 1000) throw e
        await new Promise((r) => setImmediate(r))
      }
    }
  } catch (e) {
    child.kill('SIGKILL')
    throw new Error(`${e.message}; log in ${join(dir, 'server.log')}`)
  }
  return { base, stop }
}

