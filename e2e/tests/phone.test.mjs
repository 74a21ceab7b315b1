// The app on a phone (390×844, touch): the administrator's sections through the drawer (the current
// mode's), the header's actions in one overflow menu, pages that fit the screen; a member's own pages
// in a tab bar. The demo university gives the lists their rows.
import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { firstSignIn } from '../lib/admin.mjs'
import { call, login } from '../lib/api.mjs'
import { itWithScreenshot, openBrowser, PHONE, screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'
import { ADMIN_PASSWORD, startServer } from '../lib/server.mjs'

describe('on a phone', () => {
  let server
  let browser
  let page
  const it = itWithScreenshot(() => page)
  const width = PHONE.viewport.width

  /** How wide the page is laid out: wider than the screen means it scrolls sideways. */
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth)
  const openMenu = async () => {
    await page.getByRole('button', { name: '更多操作' }).tap()
    const menu = page.locator('.phone-actions-menu')
    await menu.waitFor()
    return menu
  }

  before(async () => {
    server = await startServer({ demoMembers: 1000 }) // the size develop and transfer need: one seed serves the run
    browser = await openBrowser(PHONE)
    page = await browser.context.newPage()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('a fresh sign-in reaches the member list (党员信息) with taps alone', async () => {
    await page.goto(`${server.base}/web/`)
    await page.getByPlaceholder('账号').tap()
    await page.getByPlaceholder('账号').fill('admin')
    await page.getByPlaceholder('密码').tap()
    await page.getByPlaceholder('密码').fill(ADMIN_PASSWORD)
    await page.getByRole('button', { name: /登\s*录/ }).tap()
    await page.waitForURL((u) => !u.pathname.endsWith('/login'))

    // No header menu on a phone: the current mode's first level is in the drawer, with its children;
    // ⋮ switches the mode (to 党建, which opens the 党建工作台).
    await page.getByRole('button', { name: '展开侧边栏' }).waitFor()
    assert.equal(await page.locator('.header-menu').count(), 0, 'a header menu on a phone')
    const modes = await openMenu()
    await modes.getByRole('menuitem', { name: '系统' }).waitFor()
    await modes.getByRole('menuitem', { name: '党建' }).tap()
    await modes.waitFor({ state: 'hidden' })
    await page.waitForURL((u) => u.pathname === '/web/workbench/dj/home')
    await page.getByRole('button', { name: '展开侧边栏' }).tap()
    const drawer = page.locator('.ant-drawer .sidebar')
    for (const first of ['党建信息库', '单位信息库', '人员信息', '组织生活', '组织关系转接', '党费管理']) {
      await drawer.getByText(first, { exact: true }).waitFor()
    }
    assert.equal(await drawer.getByText('系统管理', { exact: true }).count(), 0, 'the 系统 mode in the 党建 drawer')
    await screenshot(page, 'phone-01-drawer')
    // The workbench belongs to no branch of the drawer: 党建信息库 is opened by a tap.
    await drawer.getByText('党建信息库', { exact: true }).tap()
    await drawer.getByText('党员信息', { exact: true }).tap()

    await page.waitForURL((u) => u.pathname === '/web/party/dyjbxx')
    // A page of members, not the rows of a page seen before (kept in its tab).
    const rows = page.locator('.ant-table-tbody tr.ant-table-row:visible')
    await page.waitForFunction(
      () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].filter((r) => r.checkVisibility()).length >= 10,
    )
    await rows.first().waitFor()
    // The drawer closed on the way; the list is the page.
    await drawer.waitFor({ state: 'hidden' })
    assert.match(await page.locator('.app-breadcrumb').innerText(), /党员信息/)
    await screenshot(page, 'phone-02-member-list')

    // The table scrolls inside its card; the page itself never scrolls sideways.
    const table = page.locator('.crud-table .ant-table-content').first()
    const { scroll, client } = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
    assert.ok(client <= width && scroll > client, `table ${scroll}px in a ${client}px box`)
    assert.ok((await pageWidth()) <= width, `page ${await pageWidth()}px wide on a ${width}px screen`)
  })

  it('the header actions sit in one overflow menu; its 预警 and search open in dialogs', async () => {
    let menu = await openMenu()
    for (const entry of ['菜单搜索', '个人中心', '退出登录']) {
      await menu.getByText(entry, { exact: true }).waitFor()
    }
    // Only what works on a phone.
    for (const desktop of ['布局大小', '全屏', '布局设置']) assert.equal(await menu.getByText(desktop, { exact: true }).count(), 0, desktop)
    // The counters, each with its count beside it (the demo has organisations whose term is due).
    for (const counter of ['todo', 'remind', 'warning']) await menu.locator(`[data-counter="${counter}"]`).waitFor()
    await screenshot(page, 'phone-03-overflow-menu')

    // 预警 lists the organisation warnings, as the desktop badge does.
    await menu.locator('[data-counter="warning"]').tap()
    const warnings = page.locator('.ant-modal').filter({ hasText: /组织预警（\d+）/ })
    await warnings.locator('.warning-list-items .ant-list-item').first().waitFor()
    await screenshot(page, 'phone-04-warnings')
    await warnings.locator('.ant-modal-close').tap()
    await warnings.waitFor({ state: 'hidden' })

    menu = await openMenu()
    await menu.getByText('菜单搜索', { exact: true }).tap()

    const dialog = page.locator('.ant-modal').filter({ hasText: '菜单搜索' })
    await dialog.waitFor()
    const box = await dialog.boundingBox()
    assert.ok(box.x >= 0 && box.x + box.width <= width, `dialog from ${box.x}px, ${box.width}px wide`)
    await dialog.locator('input').fill('谈心')
    await page.locator('.menu-search-popup .ant-select-item-option', { hasText: '谈心谈话' }).tap()
    await page.waitForURL((u) => u.pathname === '/web/orglife/txth')
    await dialog.waitFor({ state: 'hidden' })
  })

  it('the member form fits the screen with its fields stacked', async () => {
    await page.goto(`${server.base}/web/party/dyjbxx`)
    await page.getByRole('button', { name: /新\s*增/ }).tap()
    const form = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '新增党员' })
    await form.waitFor()
    const box = await form.boundingBox()
    assert.ok(box.x >= 0 && box.x + box.width <= width, `form drawer from ${box.x}px, ${box.width}px wide`)
    // The first two fields (side by side on a desktop) one above the other, each the drawer's width.
    const items = form.locator('form .ant-form-item')
    const [a, b] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()]
    assert.ok(b.y >= a.y + a.height, `second field at ${b.y}px beside the first (${a.y}px + ${a.height}px)`)
    assert.ok(a.width > width * 0.7, `first field ${a.width}px wide`)
    assert.ok((await pageWidth()) <= width)
    await screenshot(page, 'phone-05-member-form')
    await form.getByRole('button', { name: /取\s*消/ }).tap()
    await form.waitFor({ state: 'hidden' })
  })

  it('a member gets their own pages as tabs, each opening its page, and a ⋮ menu for a phone', async () => {
    // One member with an account (the admin's batch gives the initial password).
    const { token } = await login(server.base, 'admin', ADMIN_PASSWORD)
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'PHONEU', name: '中共手机测试大学委员会', type: '1' })
    const branch = await post('/api/dzzxx', { code: 'PHONEB01', name: '手机测试党支部', type: '5', pid: root.id })
    await post('/api/dyjbxx', {
      name: '手机端党员', idNumber: idNumber('42010219920305123'), phone: '', orgId: branch.id, staffOrStudentNo: 'E2EP001',
      partyStatus: '1', personCategory: '1', joinedOn: '2015-06-30',
    })
    const issued = await post('/api/dyjbxx/accounts', { orgId: branch.id })
    const account = issued.created[0]

    const out = await openMenu()
    await out.getByText('退出登录', { exact: true }).tap()
    await page.getByRole('button', { name: /确\s*定/ }).tap()
    await page.waitForURL(/\/web\/login/)
    await firstSignIn(page, account.username, account.initialPassword, 'Shouji#2026new')
    await page.waitForURL(/\/web\/list-home\/dyHome$/)

    // The tabs, no drawer to open; each tab opens its page and is marked there.
    const bar = page.getByRole('navigation', { name: '党员导航' })
    await bar.waitFor()
    assert.equal(await page.getByRole('button', { name: '展开侧边栏' }).count(), 0, 'a drawer button for a member')
    const tabs = await bar.getByRole('link').evaluateAll((links) => links.map((a) => ({ title: a.textContent, href: a.getAttribute('href') })))
    const titles = tabs.map((t) => t.title)
    for (const t of ['我的首页', '消息']) assert.ok(titles.includes(t), `tab ${t} in ${titles}`)
    await screenshot(page, 'phone-06-member-tabs')
    for (const tab of [...tabs.slice(1), tabs[0]]) {
      await bar.getByRole('link', { name: tab.title }).tap()
      await page.waitForURL((u) => u.pathname === tab.href)
      await bar.locator('[aria-current="page"]', { hasText: tab.title }).waitFor()
    }
    // At most five tabs, each label whole (twelve pages squeezed them to a few characters); the grouped
    // pages open from 更多, which is marked on them.
    const labels = await bar.locator('.member-tab-label').evaluateAll((spans) => spans.map((e) => [e.textContent, e.scrollWidth <= e.clientWidth]))
    assert.ok(labels.length <= 5 && labels.every(([, whole]) => whole), `tab labels ${JSON.stringify(labels)}`)
    await bar.getByRole('button', { name: /更多/ }).tap()
    const sheet = page.getByRole('region', { name: '我的档案' })
    await sheet.getByRole('link', { name: '我的发展' }).tap()
    await page.waitForURL(/\/web\/list-home\/myDevelopment$/)
    await bar.locator('button.member-tab.active', { hasText: '更多' }).waitFor()
    await screenshot(page, 'phone-07-member-more')
    const box = await bar.boundingBox()
    assert.ok(box.width <= width && box.y + box.height <= PHONE.viewport.height + 1, `tab bar at ${box.y}px, ${box.width}px wide`)
    assert.ok((await pageWidth()) <= width)

    // ⋮: the counters and the member's own entries; nothing of a desktop, no menu search without menus.
    const menu = await openMenu()
    for (const entry of ['个人中心', '退出登录']) await menu.getByText(entry, { exact: true }).waitFor()
    for (const counter of ['todo', 'remind', 'warning']) await menu.locator(`[data-counter="${counter}"]`).waitFor()
    for (const absent of ['布局大小', '全屏', '布局设置', '菜单搜索']) assert.equal(await menu.getByText(absent, { exact: true }).count(), 0, absent)
    await screenshot(page, 'phone-07-member-overflow')
  })
})
