// End-to-end checks of the web shell against a real zhdj (temporary SQLite) in headless chromium.
import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { startAdmin, stopAdmin } from '../lib/admin.mjs'
import { call, encryptor, login as apiLogin } from '../lib/api.mjs'
import { itWithScreenshot, screenshot } from '../lib/browser.mjs'
import { ADMIN_PASSWORD } from '../lib/server.mjs'

/** First visible leaf of the menu tree, the way the app picks where '/' lands. */
function firstLeaf(nodes, base = '') {
  for (const n of nodes) {
    if (n.hidden) continue
    const path = n.path.startsWith('/') ? n.path : `${base}/${n.path}`
    if (n.children?.length) {
      const hit = firstLeaf(n.children, path)
      if (hit) return hit
    } else if (n.component && n.component !== 'Layout') return { path, title: n.meta?.title }
  }
  return null
}

const appPath = (page) => new URL(page.url()).pathname.replace(/^\/web/, '') || '/'

describe('web shell', () => {
  let server
  let browser
  let page
  const it = itWithScreenshot(() => page)
  let adminToken
  let first
  /** Console reports of Content Security Policy violations, over the whole run. */
  const violations = []

  const signIn = async (username, password) => {
    await page.goto(`${server.base}/web/`)
    await page.getByPlaceholder('账号').fill(`  ${username} `)
    await page.getByPlaceholder('密码').fill(password)
    await page.getByRole('button', { name: /登\s*录/ }).click()
  }

  before(async () => {
    ;({ server, browser, page, token: adminToken } = await startAdmin())
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|execute|apply|frame)/i.test(m.text())) violations.push(m.text())
    })
    first = firstLeaf(await call(server.base, 'GET', '/api/menus/myTree', { token: adminToken }))
    assert.ok(first, 'the admin has at least one menu page')
  })

  after(() => stopAdmin({ server, browser }))

  it('sends a visitor to the login page, then signs in and lands on 首页', async () => {
    await page.goto(`${server.base}/web/system/user`)
    await page.getByRole('button', { name: /登\s*录/ }).waitFor()
    assert.equal(appPath(page), '/login')
    // The captcha is off on this server (ZHDJ_CAPTCHA=off), so the field is hidden.
    assert.equal(await page.getByPlaceholder('验证码').count(), 0)
    await screenshot(page, '01-login')

    await signIn('admin', ADMIN_PASSWORD)
    await page.waitForURL((u) => u.pathname === '/web/home/home')
    await page.waitForFunction(() => document.title.includes('首页'))
    // The first menu page, which the following tests start from.
    await page.goto(`${server.base}/web${first.path}`)
    await page.locator('.sidebar').getByText(first.title, { exact: true }).waitFor()
    assert.match(await page.locator('.app-breadcrumb').innerText(), /首页/)
    await page.waitForFunction((t) => document.title.includes(t), first.title)
    await screenshot(page, '02-first-menu')

    // The session is an HttpOnly cookie: present for the browser, invisible to the page's scripts.
    const cookies = await browser.context.cookies(server.base)
    const session = cookies.find((c) => c.name === 'zhdj_session')
    assert.ok(session, 'session cookie set')
    assert.equal(session.httpOnly, true)
    assert.equal(session.sameSite, 'Lax')
    assert.equal(session.expires, -1, 'without 记住我 the cookie ends with the browser session')
    const visible = await page.evaluate(() => document.cookie)
    assert.ok(!visible.includes(session.value), 'the token is not readable by scripts')
    assert.match(visible, /zhdj_signed_in=1/)
  })

  it('opens two pages as tags', async () => {
    await page.getByRole('button', { name: '用户菜单' }).click()
    await page.getByRole('menuitem', { name: '布局设置' }).click()
    await page.getByRole('switch', { name: '标签栏' }).click()
    await page.keyboard.press('Escape')
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' })

    const side = page.locator('.sidebar')
    // The URL changes at once, the route (and its tab) only once its lazy page has loaded:
    // wait for the tab, or a quick second click would supersede the first navigation.
    await side.getByText('角色管理', { exact: true }).click()
    await page.waitForURL(/\/web\/system\/role$/)
    await page.getByRole('tab', { name: '角色管理' }).waitFor()
    await side.getByText('部门管理', { exact: true }).click()
    await page.waitForURL(/\/web\/system\/dept$/)
    // The tag is added after the route renders: wait for it rather than reading the bar at once.
    await page.getByRole('tab', { name: '部门管理', selected: true }).waitFor()
    const tabs = await page.getByRole('tab').allInnerTexts()
    for (const t of ['首页', '角色管理', '部门管理']) assert.ok(tabs.includes(t), `tab ${t} in ${tabs}`)
    assert.equal(await page.getByRole('tab', { selected: true }).innerText(), '部门管理')
    await screenshot(page, '03-tags')

    // Closing the active tab moves to the last remaining one.
    await page.getByLabel('关闭部门管理').click()
    await page.waitForURL((u) => !u.pathname.endsWith('/system/dept'))
    await page.getByRole('tab', { name: '部门管理' }).waitFor({ state: 'detached' })
  })

  it('searches a menu and jumps to it', async () => {
    await page.getByLabel('菜单搜索').click()
    const box = page.locator('.menu-search input')
    await box.fill('字典')
    await page.locator('.menu-search-popup').getByText('系统管理 > 字典管理').click()
    await page.waitForURL(/\/web\/system\/dict$/)
    // The search box closes after a choice.
    await page.locator('.menu-search input').waitFor({ state: 'detached' })
    await screenshot(page, '04-menu-search')
  })

  it('changes the layout size', async () => {
    await page.getByLabel('布局大小').click()
    await page.getByRole('menuitem', { name: '迷你' }).click()
    await page.getByText('布局设置成功').waitFor()
    const cookies = await browser.context.cookies(server.base)
    assert.equal(cookies.find((c) => c.name === 'size')?.value, 'mini')
    await page.waitForURL(/\/web\/system\/dict$/)
    // The current size is disabled in the dropdown.
    await page.getByLabel('布局大小').click()
    const mini = page.locator('[role=menuitem][aria-disabled=true]', { hasText: '迷你' })
    await mini.waitFor()
    await screenshot(page, '05-size-mini')
    // Escape does not close an antd dropdown that has no focus: its trigger does. Wait until it is
    // gone, or its menu overlaps the avatar menu the next test opens.
    await page.getByLabel('布局大小').click()
    await mini.waitFor({ state: 'hidden' })
  })

  it('changes the theme colour, and it survives a reload', async () => {
    const colour = () => page.locator('.sidebar .ant-menu-item-selected').evaluate((el) => getComputedStyle(el).color)
    const TEAL = 'rgb(19, 194, 194)'
    const untilColour = (want) =>
      page.waitForFunction((c) => getComputedStyle(document.querySelector('.sidebar .ant-menu-item-selected')).color === c, want)
    assert.notEqual(await colour(), TEAL)
    await page.getByRole('button', { name: '用户菜单' }).click()
    await page.getByRole('menuitem', { name: '布局设置' }).click()
    const drawer = page.locator('.ant-drawer-open').filter({ hasText: '布局设置' })
    await drawer.getByRole('radio', { name: '主题色 #13c2c2' }).click()
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
    // antd animates the menu colour: wait for the final value, not for the first change.
    await untilColour(TEAL)
    await screenshot(page, '06-theme')
    await page.reload()
    await page.locator('.sidebar .ant-menu-item-selected').waitFor()
    await untilColour(TEAL)
  })

  it('shows one mode at a time at 1440 px, the open page\'s entry marked, and the search spans the modes', async () => {
    await page.setViewportSize({ width: 1440, height: 860 })
    const header = page.locator('.header-menu')
    const entries = () => header.locator(':scope > .ant-menu-item').allInnerTexts()
    const marked = (title) => header.locator('.ant-menu-item-selected', { hasText: title }).waitFor()
    const modeSwitch = page.getByRole('button', { name: '切换模式' })
    // 字典管理 is open: the 系统 mode, its entry marked.
    await modeSwitch.filter({ hasText: '系统' }).waitFor()
    assert.deepEqual(await entries(), ['系统管理', '系统监控'])
    await marked('系统管理')

    // 党建: every party-building first-level menu in view, none folded into "···".
    await modeSwitch.click()
    await page.locator('.mode-switch-menu').getByRole('menuitem', { name: '党建' }).click()
    await modeSwitch.filter({ hasText: '党建' }).waitFor()
    const titles = await entries()
    for (const t of ['党建信息库', '组织关系转接', '党费管理']) assert.ok(titles.includes(t), `${t} in ${titles}`)
    assert.ok(!titles.includes('系统管理'), `系统管理 in the 党建 mode: ${titles}`)
    const bar = await page.locator('.header-menu-bar').boundingBox()
    const boxes = await header.locator(':scope > .ant-menu-item').evaluateAll((items) => items.map((i) => i.getBoundingClientRect().toJSON()))
    const end = Math.max(...boxes.map((b) => b.right))
    assert.ok(end <= bar.x + bar.width + 0.5, `entries end at ${end}px, the bar at ${bar.x + bar.width}px`)
    // Room for ten entries of this mode's average width (ten more first-level menus are coming).
    const average = (end - boxes[0].left) / boxes.length
    assert.ok(bar.width >= 10 * average, `the bar (${bar.width}px) holds ${Math.floor(bar.width / average)} entries of ${average}px`)
    await header.getByText('党费管理', { exact: true }).click()
    await marked('党费管理')
    await screenshot(page, '06b-mode-party')

    // The search finds a 系统 page from 党建 and names its mode; opening it shows the 系统 mode.
    await page.getByLabel('菜单搜索').click()
    await page.locator('.menu-search input').fill('操作日志')
    const hit = page.locator('.menu-search-popup .ant-select-item-option', { hasText: '系统监控 > 操作日志' })
    await hit.locator('.menu-search-mode', { hasText: '系统' }).waitFor()
    await hit.click()
    await page.waitForURL(/\/web\/monitor\/log$/)
    await modeSwitch.filter({ hasText: '系统' }).waitFor()
    await marked('系统监控')
    await page.setViewportSize({ width: 1366, height: 860 })
  })

  it('opens 接口文档 from the menu search: the routes of every module in Swagger UI, under the policy', async () => {
    await page.getByLabel('菜单搜索').click()
    await page.locator('.menu-search input').fill('接口文档')
    await page.locator('.menu-search-popup').getByText('系统监控 > 接口文档').click()
    await page.waitForURL(/\/web\/monitor\/apidoc$/)
    const doc = page.frameLocator('iframe[title="接口文档"]')
    await doc.locator('.opblock-tag', { hasText: '用户管理' }).first().click()
    await doc.getByText('用户管理·新增').waitFor()
    await screenshot(page, '05-apidoc')
    // Its tab closed, the frame and its large document go with it.
    await page.getByLabel('关闭接口文档').click()
    await page.getByRole('tab', { name: '接口文档' }).waitFor({ state: 'detached' })
  })

  it('shows the session-expired dialog once the session is ended elsewhere', async () => {
    // A second admin session ends all the others, the browser's included.
    const other = await apiLogin(server.base, 'admin', ADMIN_PASSWORD)
    await call(server.base, 'DELETE', '/api/users/sessions/others', { token: other.token })
    // Any API call now answers 401. Open a page that makes one; the badges' polling may get there
    // first, and then its dialog's mask blocks these clicks, which is fine: either way the dialog shows.
    try {
      await page.getByRole('button', { name: '用户菜单' }).click({ timeout: 3000 })
      await page.getByRole('menuitem', { name: '个人中心' }).click({ timeout: 3000 })
      await page.getByRole('tab', { name: '登录设备' }).click({ timeout: 3000 })
    } catch {
      // blocked by the dialog already shown
    }
    const dialog = page.getByRole('dialog').filter({ hasText: '登录状态已过期，您可以继续留在该页面，或者重新登录' })
    await dialog.waitFor()
    assert.match(await dialog.innerText(), /系统提示/)
    await screenshot(page, '07-session-expired')
    await dialog.getByRole('button', { name: '重新登录' }).click()
    await page.waitForURL(/\/web\/login/)
  })

  it('logs out after confirmation', async () => {
    await signIn('admin', ADMIN_PASSWORD)
    await page.waitForURL((u) => u.pathname === '/web/home/home')
    await page.getByRole('button', { name: '用户菜单' }).click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.getByText('确定注销并退出系统吗？').waitFor()
    await page.getByRole('button', { name: /确\s*定/ }).click()
    await page.waitForURL(/\/web\/login/)
    const left = (await browser.context.cookies(server.base)).map((c) => c.name)
    assert.ok(!left.includes('zhdj_session') && !left.includes('zhdj_signed_in'), `cookies after logout: ${left}`)
    await page.goto(`${server.base}/web/home/home`)
    await page.waitForURL(/\/web\/login\?redirect=%2Fhome%2Fhome/)
    await screenshot(page, '08-logged-out')
  })

  it('sends a user without permissions to /401 when an API answers 403', async () => {
    // The earlier "end other sessions" also ended the set-up token.
    adminToken = (await apiLogin(server.base, 'admin', ADMIN_PASSWORD)).token
    await call(server.base, 'POST', '/api/users', {
      token: adminToken,
      body: { username: 'e2e_nobody', nickName: '无权限用户', gender: '1', phone: '', email: '', deptId: null, roleIds: [], enabled: true },
    })
    const enc = await encryptor(server.base)
    await call(server.base, 'POST', '/api/users/updatePassByAdmin', { token: adminToken, body: { username: 'e2e_nobody', newPass: enc('Nobody#2026x') } })

    await signIn('e2e_nobody', 'Nobody#2026x')
    // No menus: the user lands on home; the server asks for a password change first.
    await page.waitForURL(/\/web\/home\/home$/)
    const forced = page.getByRole('dialog').filter({ hasText: '为了您的账号安全，请修改账号密码后再使用系统！' })
    await forced.waitFor()
    assert.equal(await forced.getByRole('button', { name: /取\s*消/ }).count(), 0)
    await screenshot(page, '09-forced-password')
    await forced.getByPlaceholder('请输入旧密码').fill('Nobody#2026x')
    await forced.getByPlaceholder('请输入新密码').fill('Nobody#2026New1')
    await forced.getByPlaceholder('请再次输入密码').fill('Nobody#2026New1')
    await forced.getByRole('button', { name: /确\s*认/ }).click()
    await page.getByText('密码修改成功，请重新登录').waitFor()
    await page.waitForURL(/\/web\/login/)

    await signIn('e2e_nobody', 'Nobody#2026New1')
    await page.waitForURL(/\/web\/home\/home$/)
    // None of the shell's own pages call a permission-guarded API (the system pages come later), so
    // the personal centre's sessions call is pointed at /api/roles (needs role:list): the real
    // server's real 403 then goes through the app's request pipeline.
    await page.route('**/api/users/sessions', (route) => route.continue({ url: `${server.base}/api/roles?page=0&size=10` }))
    await page.getByRole('button', { name: '用户菜单' }).click()
    await page.getByRole('menuitem', { name: '个人中心' }).click()
    await page.getByRole('tab', { name: '登录设备' }).click()
    await page.waitForURL(/\/web\/401$/)
    await page.getByText('抱歉，您没有访问权限，请联系管理员。').waitFor()
    await screenshot(page, '10-forbidden')
  })

  it('runs under its Content Security Policy without violations', async () => {
    const res = await page.goto(`${server.base}/web/login`)
    const csp = res.headers()['content-security-policy'] ?? ''
    assert.match(csp, /script-src 'self';/)
    assert.match(csp, /frame-ancestors 'self'/)
    // Every page this run opened (login, layout, system pages, dialogs) loaded under the policy.
    assert.deepEqual(violations, [])
    assert.equal((await page.request.get(`${server.base}/web/.vite/manifest.json`)).status(), 404)
  })
})
