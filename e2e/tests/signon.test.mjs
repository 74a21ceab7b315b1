// 统一身份认证 (issue 32): a browser signs in through a CAS server (a double run here, speaking the CAS 3.0
// protocol) from /salogin, lands on the home page, and logs out to the CAS logout with the way back.
// 短信验证码: a party member registers with the phone on their record and later signs in with a code, the
// messages going through the HTTP gateway provider to a gateway double run here; /kclogin shows its own layout.
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

/** An SMS gateway keeping each message posted to /send (the HTTP provider's JSON body). */
async function startGateway() {
  const messages = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      messages.push(JSON.parse(body))
      res.writeHead(200).end('{"ok":true}')
    })
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  /** The code of the n-th message (1-based), once it has come. */
  const code = async (n) => {
    for (let i = 0; i < 100 && messages.length < n; i++) await new Promise((ok) => setTimeout(ok, 50))
    assert.ok(messages.length >= n, `message ${n} never came`)
    return messages[n - 1].content.match(/验证码为 (\d{6})/)[1]
  }
  return { url: `http://127.0.0.1:${server.address().port}/send`, messages, code, close: () => server.close() }
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

  s.it('registers a party member by SMS, then signs the member in with a code', async () => {
    const { page, server, token } = s
    const gateway = await startGateway()
    try {
      const post = (path, body) => call(server.base, 'POST', path, { token, body })
      const root = await post('/api/dzzxx', { code: 'DXZC', name: '短信测试党委', type: '1' })
      const branch = await post('/api/dzzxx', { code: 'DXZC01', name: '短信测试党支部', type: '5', pid: root.id })
      await post('/api/dyjbxx', {
        name: '赵短信', gender: '1', orgId: branch.id, staffOrStudentNo: 'T3003', phone: '13700003333',
        partyStatus: '1', personCategory: '2', personType: '2', joinedOn: '1990-06-30',
      })
      await setSettings(server.base, token, {
        casEnabled: 'false', smsEnabled: 'true', smsRegisterEnabled: 'true', smsProvider: 'http', smsUrl: gateway.url, smsSignature: '测试大学',
      })
      // 登录页设置: /kclogin has its own layout; /login keeps the standard one.
      await call(server.base, 'PUT', '/api/loginLayouts', {
        token,
        body: { variant: 'kclogin', style: 'split', title: '短信测试学院党建', subtitle: '', notice: '首次使用请先注册', backgroundFileId: null, showPassword: false, showSms: true, showCas: false },
      })
      await page.goto(`${server.base}/web/kclogin`)
      await page.getByRole('heading', { name: '短信测试学院党建' }).waitFor()
      await page.getByText('首次使用请先注册').waitFor()
      assert.equal(await page.getByPlaceholder('账号').count(), 0, 'the layout hides the password form')
      await screenshot(page, 'signon-kclogin')
      await page.goto(`${server.base}/web/login`)
      await page.getByRole('button', { name: '注册账号' }).click()
      await page.getByPlaceholder('手机号码').fill('13700003333')
      await page.getByRole('button', { name: '获取验证码' }).click()
      await page.getByRole('button', { name: /秒后重新获取/ }).waitFor()
      await page.getByPlaceholder('短信验证码').fill(await gateway.code(1))
      assert.match(gateway.messages[0].content, /^【测试大学】您的验证码为 \d{6}，5分钟内有效/)
      await page.getByPlaceholder('新密码', { exact: true }).fill('Member#2026pw')
      await page.getByPlaceholder('确认新密码').fill('Member#2026pw')
      await screenshot(page, 'signon-register')
      await page.getByRole('button', { name: '注册并登录' }).click()
      await page.getByText('您的用户名为 T3003（学号/工号）', { exact: false }).waitFor()
      await page.getByRole('button', { name: '进入系统' }).click()
      await page.getByRole('button', { name: '用户菜单' }).waitFor()

      // Signed out, the member comes back with a code instead of the password.
      await page.getByRole('button', { name: '用户菜单' }).click()
      await page.getByRole('menuitem', { name: '退出登录' }).click()
      await page.getByRole('button', { name: /确\s*定/ }).click()
      await page.getByRole('tab', { name: '短信登录' }).click()
      await page.getByPlaceholder('手机号码').fill('13700003333')
      // One code a minute per phone: the registration's was the last, so this one waits for none (another purpose).
      await page.getByRole('button', { name: '获取验证码' }).click()
      await page.getByPlaceholder('短信验证码').fill(await gateway.code(2))
      await page.locator('form').filter({ has: page.getByPlaceholder('手机号码') }).getByRole('button', { name: /登\s*录/ }).click()
      await page.getByRole('button', { name: '用户菜单' }).waitFor()
      const info = await page.evaluate(() => fetch('/auth/info', { credentials: 'include' }).then((r) => r.json()))
      assert.equal(info.username, 'T3003')
      assert.ok(info.roleList.some((r) => r.name === '党员'), 'the account holds the 党员 role')
      await screenshot(page, 'signon-sms-home')
    } finally {
      gateway.close()
    }
  })
})
