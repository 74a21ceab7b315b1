// 统一身份认证 (issue 32): a browser signs in through a CAS server (a double run here, speaking the CAS 3.0
// protocol) from /salogin, lands on the home page, and logs out to the CAS logout with the way back.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { describe } from 'node:test'
import { call } from '../lib/api.mjs'
import { adminScenario } from '../lib/admin.mjs'
import { screenshot } from '../lib/browser.mjs'

/** A CAS server signing `user` in at once: /cas/login, /cas/p3/serviceValidate (a ticket once, for its service), /cas/logout. */
async function startCAS(user) {
  const tickets = new Map()
  const validated = []
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://cas.test')
    if (url.pathname === '/cas/login') {
      const ticket = `ST-${randomUUID()}`
      const service = url.searchParams.get('service')
      tickets.set(ticket, service)
      const back = new URL(service)
      back.searchParams.set('ticket', ticket)
      res.writeHead(302, { Location: back.toString() }).end()
    } else if (url.pathname === '/cas/p3/serviceValidate') {
      const ticket = url.searchParams.get('ticket')
      const ok = tickets.get(ticket) === url.searchParams.get('service')
      tickets.delete(ticket)
      validated.push(ok)
      res.writeHead(200, { 'Content-Type': 'text/xml' })
      res.end(
        ok
          ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
          : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>',
      )
    } else if (url.pathname === '/cas/logout') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>CAS</title><h1>已退出统一身份认证</h1>')
    } else {
      res.writeHead(404).end()
    }
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { base: `http://127.0.0.1:${server.address().port}/cas`, validated, close: () => server.close() }
}

/** Sets system settings (参数设置) through the API, as an administrator on that page does. */
async function setSettings(base, token, values) {
  const all = await call(base, 'GET', '/api/sysConfig/listAll', { token })
  for (const [key, value] of Object.entries(values)) {
    const row = all.find((c) => c.configKey === key)
    assert.ok(row, `setting ${key} missing`)
    await call(base, 'PUT', '/api/sysConfig', { token, body: { ...row, configValue: value } })
  }
}

describe('统一身份认证 (CAS)', () => {
  let cas
  const s = adminScenario(async ({ server, token }) => {
    cas = await startCAS('admin')
    await setSettings(server.base, token, {
      casServerUrl: cas.base,
      casServiceUrl: `${server.base}/auth/cas/callback`,
      casEnabled: 'true',
    })
  })

  s.it('signs in through CAS from /salogin, lands on the home page, and logs out to the CAS logout', async () => {
    const { page, server } = s
    try {
      await page.goto(`${server.base}/web/salogin`)
      await page.getByRole('button', { name: '用户菜单' }).waitFor()
      assert.deepEqual(cas.validated, [true], 'the ticket was validated once, by the server')
      assert.ok(!new URL(page.url()).pathname.includes('login'), `still on ${page.url()}`)
      await screenshot(page, 'signon-home')

      await page.getByRole('button', { name: '用户菜单' }).click()
      await page.getByRole('menuitem', { name: '退出登录' }).click()
      await page.getByRole('button', { name: /确\s*定/ }).click()
      await page.getByRole('heading', { name: '已退出统一身份认证' }).waitFor()
      const out = new URL(page.url())
      assert.equal(out.origin + out.pathname, `${cas.base}/logout`)
      assert.equal(out.searchParams.get('service'), `${server.base}/web/`)
      // The session is gone: the app asks for a sign-in again, now offering CAS.
      await page.goto(`${server.base}/web/`)
      await page.getByRole('button', { name: '统一身份认证登录' }).waitFor()
      await screenshot(page, 'signon-login')
    } finally {
      cas.close()
    }
  })
})
