// End-to-end: on the demo university (with its development records) the admin opens 发展统计: the
// year's table and charts agree with the server's report, the register tab lists the year's developed
// members, and the register's print view prints them alone on an A4 sheet.
import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { signInAdmin, startAdmin, stopAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { itWithScreenshot, screenshot } from '../lib/browser.mjs'

/** The year in China, the reports' default. */
const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear()

describe('发展统计 on the demo university', () => {
  const s = {}
  const it = itWithScreenshot(() => s.page)
  // 300 members give too few branches with full members to sponsor records past ⑮.
  before(async () => Object.assign(s, await startAdmin({ demoMembers: 1000 })))
  after(() => stopAdmin(s))

  it('shows the year’s figures, charts and register as the server counts them', async () => {
    const { page, server, token } = s
    const yearly = await call(server.base, 'GET', `/api/fzdy/reports/yearly?year=${year}`, { token })
    const register = await call(server.base, 'GET', `/api/fzdy/reports/register?year=${year}`, { token })
    assert.ok(yearly.total > 0, `the demo has members developed in ${year}`)
    assert.equal(register.length, yearly.total)

    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/develop/report`)
    const total = page.locator('.ant-statistic', { hasText: `${year}年发展党员` }).locator('.ant-statistic-content-value')
    await total.waitFor()
    assert.equal(await total.innerText(), String(yearly.total))
    await page.locator('.echart canvas').first().waitFor()
    assert.equal(await page.locator('.echart').count(), 6) // … with the 中组部 occupation groups (RULES.md §6)
    await screenshot(page, '60-develop-report')

    await page.getByRole('tab', { name: '发展党员名册' }).click()
    const first = register[0]
    await page.getByRole('cell', { name: first.name, exact: true }).first().waitFor()
    assert.match(await page.getByText(`共 ${register.length} 人`).innerText(), new RegExp(`共 ${register.length} 人`))
  })

  it('prints the register of the year', async () => {
    const { page, server, token } = s
    const register = await call(server.base, 'GET', `/api/fzdy/reports/register?year=${year}`, { token })
    await page.goto(`${server.base}/web/print/devRegister?year=${year}`)
    await page.getByRole('heading', { level: 1, name: `${year}年发展党员名册` }).waitFor()
    assert.equal(await page.locator('.dev-register tbody tr').count(), register.length)
    // The print view stands alone: no menu around it.
    assert.equal(await page.locator('.ant-layout-sider').count(), 0)
    await screenshot(page, '61-develop-register-print')
  })
})
