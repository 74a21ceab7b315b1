// End-to-end: on the demo university (with its transfers) the admin opens 转接统计: the year's figures and
// the committees' table agree with the server's tables, and the export downloads the workbook.
import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { signInAdmin, startAdmin, stopAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { itWithScreenshot, screenshot } from '../lib/browser.mjs'

/** The year in China, the page's default. */
const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear()

describe('转接统计 on the demo university', () => {
  const s = {}
  const it = itWithScreenshot(() => s.page)
  before(async () => Object.assign(s, await startAdmin({ demoMembers: 300 })))
  after(() => stopAdmin(s))

  it('shows the year’s moves as the server counts them and exports them', async () => {
    const { page, server, token } = s
    const stats = await call(server.base, 'GET', `/api/zzgx/stats?year=${year}`, { token })
    const done = stats.kinds.reduce((n, k) => n + k.count, 0)
    assert.ok(done > 0, `the demo completed transfers in ${year}`)

    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/zzgx/stats`)
    const value = (title) => page.locator('.ant-statistic', { hasText: title }).locator('.ant-statistic-content-value')
    await value(`${year}年转入`).waitFor()
    assert.equal(await value(`${year}年转入`).innerText(), String(stats.totalIn))
    assert.equal(await value(`${year}年转出`).innerText(), String(stats.totalOut))
    assert.equal(await value('办结的转接').innerText(), String(done))
    for (const c of stats.committees) {
      await page.getByRole('cell', { name: c.orgName, exact: true }).first().waitFor()
    }
    await screenshot(page, '70-transfer-stats')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出统计表/ }).click()])
    assert.equal(download.suggestedFilename(), `组织关系转接统计-${year}.xlsx`)
  })
})
