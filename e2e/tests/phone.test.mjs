// The app on a phone (390×844, touch): every section through the drawer, the header's actions in
// one overflow menu, pages that fit the screen. The demo university gives the lists their rows.
import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { itWithScreenshot, openBrowser, PHONE, screenshot } from '../lib/browser.mjs'
import { ADMIN_PASSWORD, startServer } from '../lib/server.mjs'

describe('on a phone', () => {
  let server
  let browser
  let page
  const it = itWithScreenshot(() => page)
  const width = PHONE.viewport.width

  /** How wide the page is laid out: wider than the screen means it scrolls sideways. */
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth)

  before(async () => {
    server = await startServer({ demoMembers: 300 })
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

    // No header menu on a phone: the first level is in the drawer, with its children.
    await page.getByRole('button', { name: '展开侧边栏' }).waitFor()
    assert.equal(await page.locator('.header-menu').count(), 0, 'a header menu on a phone')
    await page.getByRole('button', { name: '展开侧边栏' }).tap()
    const drawer = page.locator('.ant-drawer .sidebar')
    for (const first of ['系统管理', '党建信息库', '单位信息库', '人员信息', '组织生活', '系统监控']) {
      await drawer.getByText(first, { exact: true }).waitFor()
    }
    await screenshot(page, 'phone-01-drawer')
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
    const openMenu = async () => {
      await page.getByRole('button', { name: '更多操作' }).tap()
      const menu = page.locator('.phone-actions-menu')
      await menu.waitFor()
      return menu
    }
    let menu = await openMenu()
    for (const entry of ['菜单搜索', '布局大小', '全屏', '布局设置', '个人中心', '退出登录']) {
      await menu.getByText(entry, { exact: true }).waitFor()
    }
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
})
