// End-to-end: after signing in the admin lands on 首页, which shows the figures of the university
// (drawn from the server), a chart, and the top bar's 预警 counts the organisation warnings and
// lists them, each opening its organisation.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signInAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { screenshot } from '../lib/browser.mjs'

/** Today in China, the calendar member dates are checked against. */
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)

const member = (name, orgId, full) => ({
  name, orgId, gender: '1', ethnicity: '01', education: '11', personCategory: '1', personType: '1',
  ...(full
    ? { partyStatus: '1', appliedOn: '2012-03-01', joinedOn: '2013-06-30', fullOn: '2014-06-30' }
    : { partyStatus: '2', appliedOn: '2024-03-01', joinedOn: today() }),
})

describe('home page', () => {
  let small
  // A committee with two branches: one of 3 full members, one of 1 full and 1 probationary member,
  // which breaks RULES.md §4 (a branch needs 3 full members).
  const s = adminScenario(async ({ server, token }) => {
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'E2EU', name: '中共端到端大学委员会', type: '1' })
    const big = await post('/api/dzzxx', { code: 'E2EB01', name: '端到端教工党支部', type: '5', pid: root.id })
    small = await post('/api/dzzxx', { code: 'E2EB02', name: '端到端学生党支部', type: '5', pid: root.id })
    for (const name of ['首页甲', '首页乙', '首页丙']) await post('/api/dyjbxx', member(name, big.id, true))
    await post('/api/dyjbxx', member('首页丁', small.id, true))
    await post('/api/dyjbxx', member('首页戊', small.id, false))
  })
  const { it } = s

  it('lands on 首页 after sign-in with the figures, a chart and the 预警 count', async () => {
    const { page, server } = s
    await signInAdmin(page, server.base)
    await page.waitForURL((u) => u.pathname === '/web/home/home')
    const figure = (title) => page.locator(`[data-figure="${title}"] .ant-statistic-content`)
    await figure('党员总数').waitFor()
    assert.equal(await figure('党员总数').innerText(), '5')
    assert.equal(await figure('正式党员').innerText(), '4')
    assert.equal(await figure('预备党员').innerText(), '1')
    assert.equal(await figure('党组织').innerText(), '3')
    assert.equal(await figure(`${new Date(Date.now() + 8 * 3600_000).getUTCFullYear()}年发展党员`).innerText(), '1')
    // echarts is loaded on demand and draws on a canvas.
    await page.locator('.echart canvas').first().waitFor()
    assert.ok((await page.locator('.echart canvas').count()) >= 1)
    await page.getByText('组织预警（1）').waitFor()
    // The badge counts the organisation warning (the admin has no warnings of their own).
    const badge = page.locator('[data-counter="warning"] .ant-badge-count')
    await badge.waitFor()
    assert.equal(await badge.getAttribute('title'), '1')
    await screenshot(page, '30-home')
  })

  it('lists the warnings under 预警; an entry opens the organisation', async () => {
    const { page, server } = s
    await page.getByRole('button', { name: '预警' }).click()
    const list = page.locator('.warning-list')
    await list.getByText('正式党员不足3名，应与邻近支部成立联合党支部').waitFor()
    await screenshot(page, '31-warning-list')
    await list.getByRole('link', { name: '端到端学生党支部' }).click()
    await page.waitForURL((u) => u.pathname === '/web/party/dzz' && u.searchParams.get('id') === String(small.id))
    const drawer = page.locator('.ant-drawer-open')
    await drawer.getByText('正式党员不足3名，应与邻近支部成立联合党支部').waitFor()
    assert.match(await drawer.innerText(), /端到端学生党支部/)
    assert.equal(new URL(page.url()).origin, server.base)
  })
})
