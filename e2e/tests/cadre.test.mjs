// End-to-end walk of cadre management (issue 28) as a 干部管理员 on the demo university: the cadre workbench, the
// cadre base (find a cadre, add a résumé line, download the 任免审批表 and check it is that cadre's), and 职数管理
// (issue the demo's draft 任免文件 and see the unit's occupied places change), and 选拔任用 (take the demo's selection
// waiting at 任前公示 through the notice to 任职: the appointment document it issues fills a place of the post's quota).
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signIn } from '../lib/admin.mjs'
import { call, setPassword } from '../lib/api.mjs'
import { screenshot } from '../lib/browser.mjs'

const PASSWORD = 'Gb#Walk2026'
const RESUME = '端到端学院院长助理（挂职锻炼）'

/** Chooses 通过 in an action panel (it may be chosen already). */
const approve = async (panel) => {
  const radio = panel.getByRole('radio', { name: '通过', exact: true })
  if (!(await radio.isChecked())) await panel.locator('label.ant-radio-wrapper').filter({ hasText: /^通过$/ }).click()
}

/** The label's form item inside scope. */
const item = (page, scope, label) => scope.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })

describe('干部管理 as the 干部管理员: workbench, a cadre’s résumé and 任免审批表, a 任免文件 that fills a place', () => {
  const s = adminScenario(
    async ({ server, token }) => {
      const roles = await call(server.base, 'GET', '/api/roles/all', { token })
      const role = roles.find((r) => r.name === '干部管理员')
      assert.ok(role, 'the seeded role 干部管理员')
      const made = await call(server.base, 'POST', '/api/users', { token, body: { username: 'gbadmin', nickName: '干部科', roleIds: [role.id] } })
      await setPassword(server.base, 'gbadmin', made.initialPassword, PASSWORD)
      // The demo's cadre the walk edits, and its draft document (校干任〔year〕2号, one vacant place filled).
      s.cadre = (await call(server.base, 'GET', '/api/gbjbxx?size=1&sort=name,asc', { token })).content[0]
      assert.ok(s.cadre, 'a demo cadre')
      const docs = await call(server.base, 'GET', '/api/gbzs/documents?size=10&state=draft', { token })
      s.draft = docs.content[0]
      assert.ok(s.draft, 'the demo draft 任免文件')
      s.draft = await call(server.base, 'GET', `/api/gbzs/documents/${s.draft.id}`, { token })
      // The demo's selection at 任前公示 (decided two weeks ago).
      s.selection = (await call(server.base, 'GET', '/api/gbxbry?state=publicizing&size=1', { token })).content[0]
      assert.ok(s.selection, 'a demo selection at 任前公示')
    },
    { demoMembers: 300 },
  )
  const { it } = s

  it('opens the 干部工作台, finds a cadre, adds a résumé line and downloads the cadre’s 任免审批表', async () => {
    const { page, server } = s
    await page.goto(`${server.base}/web/`)
    await signIn(page, 'gbadmin', PASSWORD)
    await page.goto(`${server.base}/web/workbench/gb/home`)
    const team = page.locator('.ant-card').filter({ hasText: '干部队伍' })
    await team.getByText('现任干部').waitFor()
    await page.getByText(/到期提醒（\d+）/).waitFor()
    await screenshot(page, 'cadre-01-workbench')

    await page.goto(`${server.base}/web/gb/jbxx`)
    await page.getByPlaceholder('姓名').fill(s.cadre.name)
    await page.getByRole('button', { name: /搜\s*索/ }).click()
    const row = page.locator('tr.ant-table-row').filter({ hasText: s.cadre.name }).first()
    await row.getByRole('button', { name: '详情' }).click()
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: `干部详情：${s.cadre.name}` })
    await drawer.getByRole('tab', { name: '2 简历' }).click()
    await drawer.getByRole('button', { name: /新增简历/ }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增简历' })
    const start = item(page, dialog, '起始时间').locator('input')
    await start.fill('2026-09-01')
    await start.press('Enter')
    await item(page, dialog, '经历').locator('textarea, input').first().fill(RESUME)
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.waitFor({ state: 'detached' })
    await drawer.getByText(RESUME).waitFor()
    await screenshot(page, 'cadre-02-resume')
    const lines = await call(server.base, 'GET', `/api/gbjbxx/${s.cadre.id}/jl`, { token: s.token })
    assert.ok(lines.some((l) => l.text === RESUME && l.startOn === '2026-09-01'), `the résumé line was saved: ${JSON.stringify(lines)}`)
    await drawer.locator('.ant-drawer-close').click()

    // The 任免审批表 of the chosen cadre: a DOCX whose text holds the name and the new résumé line.
    await row.locator('.ant-checkbox-input').check()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /下载任免审批表/ }).click()])
    assert.match(download.suggestedFilename(), /\.docx$/)
    const chunks = []
    for await (const c of await download.createReadStream()) chunks.push(c)
    const docx = Buffer.concat(chunks)
    assert.equal(docx.subarray(0, 2).toString(), 'PK', 'a DOCX is a zip')
  })

  it('issues the draft 任免文件 in 职数管理: the post’s quota counts one more holder, the cadre holds the post', async () => {
    const { page, server, token } = s
    const [appoint] = s.draft.items.filter((i) => i.kind === 'appoint')
    assert.ok(appoint, `the draft appoints someone: ${JSON.stringify(s.draft.items)}`)
    const position = await call(server.base, 'GET', `/api/gbzs/positions/${appoint.positionId}`, { token })
    const occupied = async () => {
      const quotas = await call(server.base, 'GET', `/api/gbzs/quotas?unitId=${position.unitId}&size=50`, { token })
      return quotas.content.find((q) => q.level === position.level)?.occupied ?? 0
    }
    const before = await occupied()

    await page.goto(`${server.base}/web/gb/zsgl`)
    await page.getByRole('tab', { name: '任免文件' }).click()
    const docRow = page.locator('tr.ant-table-row').filter({ hasText: s.draft.docNo })
    await docRow.getByRole('button', { name: '发布' }).click()
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('任免文件已发布').first().waitFor()
    await screenshot(page, 'cadre-03-issued')

    assert.equal(await occupied(), before + 1)
    const holders = await call(server.base, 'GET', `/api/gbzs/positions/${appoint.positionId}/holders`, { token })
    assert.ok(holders.some((h) => h.cadreId === appoint.cadreId), `the cadre holds the post: ${JSON.stringify(holders)}`)
    const posts = await call(server.base, 'GET', `/api/gbjbxx/${appoint.cadreId}/zw`, { token })
    assert.ok(posts.some((p) => p.docNo === s.draft.docNo && !p.endOn), `the appointment is on the cadre's posts: ${JSON.stringify(posts)}`)
  })

  it('runs the selection at 任前公示 to 任职: the notice of 5 working days, then the 任免文件 fills a place of the post’s quota', async () => {
    const { page, server, token } = s
    const sel = await call(server.base, 'GET', `/api/gbxbry/${s.selection.id}`, { token })
    const position = await call(server.base, 'GET', `/api/gbzs/positions/${sel.positionId}`, { token })
    const quotaRow = async () => {
      const quotas = await call(server.base, 'GET', `/api/gbzs/quotas?unitId=${position.unitId}&size=50`, { token })
      return quotas.content.find((q) => q.level === position.level) ?? { occupied: 0, approved: 0 }
    }
    const before = await quotaRow()
    // Days in China (the server's calendar): the notice from the day after the decision to yesterday.
    const chinaDay = (offset) => new Date(Date.now() + 8 * 3600e3 + offset * 86400e3).toISOString().slice(0, 10)
    const dayAfter = (d) => new Date(Date.parse(`${d}T00:00:00Z`) + 86400e3).toISOString().slice(0, 10)

    await page.goto(`${server.base}/web/gb/xbry?id=${sel.id}`)
    const d = page.locator('.ant-drawer-content-wrapper').filter({ hasText: sel.title })
    const notice = d.locator('form').filter({ hasText: '办理「任前公示」' })
    await notice.getByPlaceholder('开始日期').click()
    await notice.getByPlaceholder('开始日期').fill(dayAfter(sel.meetOn))
    await notice.getByPlaceholder('开始日期').press('Tab') // not Enter: it would submit the panel's form
    await notice.getByPlaceholder('结束日期').fill(chinaDay(-1))
    await notice.getByPlaceholder('结束日期').press('Tab')
    await item(page, notice, '公示结果').locator('input').fill('公示期间未收到反映')
    await approve(notice)
    await notice.getByRole('button', { name: /提\s*交/ }).click()
    await notice.waitFor({ state: 'detached' })

    const appoint = d.locator('form').filter({ hasText: '办理「任职」' })
    await item(page, appoint, '任职文号').locator('input').fill('校党干〔2026〕88号')
    const on = item(page, appoint, '任职日期').locator('input')
    await on.fill(chinaDay(0))
    await on.press('Tab')
    if (before.occupied >= before.approved) await item(page, appoint, '超职数理由').locator('input').fill('学科建设急需，经党委常委会研究同意')
    await approve(appoint)
    await appoint.getByRole('button', { name: /提\s*交/ }).click()
    await appoint.waitFor({ state: 'detached' })
    await d.getByText('校党干〔2026〕88号').first().waitFor()
    await screenshot(page, 'cadre-04-selection-appointed')

    const after = await call(server.base, 'GET', `/api/gbxbry/${sel.id}`, { token })
    assert.equal(after.state, 'probation', `a promotion to a non-elected post waits for its probation review: ${after.state}`)
    assert.ok(after.documentId && after.probationUntil, `the appointment document and the probation: ${JSON.stringify(after)}`)
    assert.equal((await quotaRow()).occupied, before.occupied + 1, 'the post’s quota counts one more holder')
    const holders = await call(server.base, 'GET', `/api/gbzs/positions/${sel.positionId}/holders`, { token })
    assert.ok(holders.some((h) => h.cadreId === sel.appointeeId), `the appointee holds the post: ${JSON.stringify(holders)}`)
  })
})
