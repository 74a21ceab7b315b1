// 统计分析 on the demo university (docs/stats.md, docs/bigscreen.md), as a 组织部管理员 made over the API: the 党建工作台
// shows the members of the school, the figure links to the member list; 党内统计 counts 党员基本情况 as of the last 31
// December — the checks pass, the total is the server's, the lines switch to branches, the workbook downloads as
// filed; 党员数量变化 heads its 报告期 and balances; a 数据快照 of today is taken and opened; the 党建驾驶舱 opens from the workbench through the big-screen view, signed, without the app's header (the
// demo's map unconfigured, said so; 综合对比 drawn), and a
// forged signature shows an error on the big screen instead of data.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signIn } from '../lib/admin.mjs'
import { call, setPassword } from '../lib/api.mjs'
import { screenshot } from '../lib/browser.mjs'

const PASSWORD = 'Zzb#Walk2026'
const YEAR_END = `${new Date(Date.now() + 8 * 3600e3).getUTCFullYear() - 1}-12-31` // the last 31 December in China

describe('统计分析 as the 组织部: the 党建工作台, 党内统计 and the 党建驾驶舱', () => {
  const s = adminScenario(
    async ({ server, token }) => {
      const roles = await call(server.base, 'GET', '/api/roles/all', { token })
      const role = roles.find((r) => r.name === '组织部管理员')
      assert.ok(role, 'the seeded role 组织部管理员')
      const made = await call(server.base, 'POST', '/api/users', { token, body: { username: 'zzb', nickName: '组织部', roleIds: [role.id] } })
      await setPassword(server.base, 'zzb', made.initialPassword, PASSWORD)
      s.workbench = await call(server.base, 'GET', '/api/dj/workbench', { token })
      s.table = await call(server.base, 'GET', `/api/dntj/tables/members?date=${YEAR_END}`, { token })
    },
    { demoMembers: 300 },
  )
  const { it } = s

  it('opens the 党建工作台 and drills from the members into their list', async () => {
    const { page, server } = s
    assert.ok(s.workbench.members > 0, `the demo's members: ${s.workbench.members}`)
    await page.goto(`${server.base}/web/`)
    await signIn(page, 'zzb', PASSWORD)
    await page.goto(`${server.base}/web/workbench/dj/home`)
    const members = page.getByRole('link', { name: `党员 ${s.workbench.members}`, exact: true })
    await members.waitFor()
    await screenshot(page, 'stats-01-workbench')
    await members.click()
    await page.waitForURL(/\/web\/party\/dyjbxx/)
    await page.locator('tr.ant-table-row').first().waitFor()
  })

  it('counts 党员基本情况 as of the last 31 December: checks passed, the server’s total, branch lines, the workbook', async () => {
    const { page, server } = s
    const total = s.table.total.counts.total
    assert.ok(total > 0, 'the demo counts at the last year end')
    await page.goto(`${server.base}/web/tjfx/dntj`)
    await page.getByText(`填报单位：全部党组织`).waitFor()
    const [y, m, d] = YEAR_END.split('-').map(Number)
    await page.getByText(`统计截至：${y}年${m}月${d}日`).waitFor()
    for (const c of s.table.checks) await page.getByText(`✓ ${c.name}`).waitFor()
    const sumRow = page.locator('.ant-table-summary tr').filter({ hasText: '合计' })
    await sumRow.waitFor()
    assert.equal((await sumRow.locator('td').nth(1).innerText()).trim(), String(total))
    const firstLine = s.table.lines.content[0]
    await page.locator('tr.ant-table-row').filter({ hasText: firstLine.name }).first().waitFor()
    await screenshot(page, 'stats-02-annual')

    const [asked] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/dntj/tables/members?') && r.url().includes('level=branch')),
      page.getByText('按党支部').click(),
    ])
    assert.equal(asked.status(), 200)
    const branches = await asked.json()
    await page.locator('tr.ant-table-row').filter({ hasText: branches.lines.content[0].name }).first().waitFor()
    assert.equal(branches.total.counts.total, total, 'the same total, whatever the lines')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()])
    assert.equal(download.suggestedFilename(), `党员基本情况-${YEAR_END}.xlsx`)
  })

  it('runs 党员数量变化 for the year (its 报告期, its balance) and freezes today in a 数据快照', async () => {
    const { page, server } = s
    await page.goto(`${server.base}/web/tjfx/dntj`)
    await page.getByText('填报单位：全部党组织').waitFor()
    await page.getByRole('combobox', { name: '统计表' }).click()
    const [changes] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/dntj/tables/changes?')),
      page.getByTitle('党员数量变化').click(),
    ])
    assert.equal(changes.status(), 200)
    const counted = await changes.json()
    const [y] = YEAR_END.split('-').map(Number)
    await page.getByText(`报告期：${y}年1月1日至${y}年12月31日`).waitFor()
    for (const c of counted.checks) {
      assert.ok(c.ok, `${c.name}: ${c.detail}`)
      await page.getByText(`✓ ${c.name}`).waitFor()
    }
    await page.getByRole('columnheader', { name: '发展党员' }).waitFor()

    await page.goto(`${server.base}/web/tjfx/sjkz`)
    await page.getByRole('button', { name: /新建快照/ }).click()
    const [taken] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/sjkz/snapshots') && r.request().method() === 'POST'),
      page.getByRole('button', { name: '生成快照' }).click(),
    ])
    assert.equal(taken.status(), 200, await taken.text())
    const snap = await taken.json()
    assert.ok(snap.members > 0, 'the snapshot counts the demo members')
    await page.getByText(`已生成快照「${snap.title}」，共 ${snap.members} 名党员`).waitFor()
    await page.locator('tr.ant-table-row').getByText(snap.title, { exact: true }).click()
    await page.getByRole('tab', { name: `党员名单（${snap.members}人）` }).waitFor()
    await page.locator('.ant-drawer .ant-table-summary tr').filter({ hasText: '合计' }).first().waitFor()
    await screenshot(page, 'stats-03-snapshot')
  })

  it('opens the 党建驾驶舱 from the workbench through the signed big-screen view', async () => {
    const { page, server } = s
    await page.goto(`${server.base}/web/workbench/dj/home`)
    await page.getByRole('button', { name: '党建驾驶舱' }).click()
    await page.waitForURL(/\/web\/workbench\/djjsc\/zhdt/)
    const frame = page.locator('iframe[title="驾驶舱"]')
    await frame.waitFor()
    const src = await frame.getAttribute('src')
    assert.match(src, /^\/bigscreen\/index\.html#\/dv1\?timestamp=\d+&platformCode=dj\.\d+&sign=[0-9a-f]{64}$/)
    const screen = page.frameLocator('iframe[title="驾驶舱"]')
    await screen.getByText('党建驾驶舱 · 综合地图').waitFor()
    // The demo university's campus map: three campuses, each 二级党委 in a building.
    await screen.getByRole('img', { name: '校区示意图' }).waitFor()
    await screen.getByText('主校区', { exact: true }).waitFor()
    // The organisation department edits it on the page (编辑示意图): the drawer reads the configured map.
    await page.getByRole('button', { name: /编辑示意图/ }).click()
    await page.getByText('编辑校区示意图').waitFor()
    await page.getByRole('dialog').getByRole('textbox').first().waitFor()
    assert.equal(await page.getByRole('dialog').getByRole('textbox').first().inputValue(), '主校区')
    await page.getByRole('button', { name: /取\s*消/ }).click()
    assert.equal(await page.getByRole('button', { name: '用户菜单' }).count(), 0, 'the cockpit leaves out the app header')
    // 综合对比 draws the 二级党委 of the school from the signed data route.
    await page.getByRole('menuitem', { name: '综合对比' }).click()
    await page.waitForURL(/\/web\/workbench\/djjsc\/zhdb/)
    await screen.getByText('各二级党委党员对比').waitFor()
    await screenshot(page, 'stats-03-cockpit')

    await page.goto(`${server.base}/bigscreen/index.html#/dv1?timestamp=${Date.now()}&platformCode=dj.1&sign=${'0'.repeat(64)}`)
    await page.getByText('大屏签名无效，请从系统中重新打开驾驶舱').waitFor()
  })
})
