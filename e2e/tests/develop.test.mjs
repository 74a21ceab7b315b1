// End-to-end 发展党员 on the demo university (with its development records), one server and one browser:
// the admin opens 发展统计: the year's table and charts agree with the server's report, the register tab
// lists the year's developed members, and the register's print view prints them alone on an A4 sheet;
// then one applicant goes through the 25 steps in the record's page, with dates that keep every rule
// (counted back from today), a rule's refusal shown at its field, and the new probationary member (then
// full member) in the member base with the trail of the change.
import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { signInAdmin, startAdmin, stopAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { itWithScreenshot, screenshot } from '../lib/browser.mjs'

/** Dates as the server keeps them (YYYY-MM-DD), moved by days or by months (clamped to the month's end). */
const iso = (d) => d.toISOString().slice(0, 10)
const addDays = (s, n) => iso(new Date(Date.parse(s) + n * 86400_000))
const addMonths = (s, n) => {
  const [y, m, d] = s.split('-').map(Number)
  const first = new Date(Date.UTC(y, m - 1 + n, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return iso(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))))
}
const today = iso(new Date(Date.now() + 8 * 3600_000))
/** The year in China, the reports' default. */
const year = Number(today.slice(0, 4))

describe('发展党员 on the demo university: the report, then one applicant through the 25 steps', () => {
  const s = {}
  const it = itWithScreenshot(() => s.page)
  const api = (method, path, body) => call(s.server.base, method, path, { token: s.token, body })

  before(async () => {
    // 300 members give too few branches with full members to sponsor records past ⑮.
    Object.assign(s, await startAdmin({ demoMembers: 1000 }))
    // A branch with at least 4 full members in normal status (sponsors, contacts), and its committee.
    const full = await api('GET', '/api/dyjbxx?partyStatus=1&memberStatus=1&size=100')
    const byOrg = new Map()
    for (const m of full.content) byOrg.set(m.orgId, [...(byOrg.get(m.orgId) ?? []), m])
    // … a 党支部 whose parent is a 二级党委 or 党总支 (the committee keeping its plan).
    for (const [orgId, members] of byOrg) {
      if (members.length < 4) continue
      const branch = await api('GET', `/api/dzzxx/${orgId}`)
      const parent = branch.pid && (await api('GET', `/api/dzzxx/${branch.pid}`))
      if (branch.type === '5' && parent && ['2', '3'].includes(parent.type)) {
        Object.assign(s, { branch, full: members })
        break
      }
    }
    assert.ok(s.branch, 'a branch of a secondary committee with four full members')
    // A student of the registry who is no member and has no record, 18 long before the application.
    s.applied = addMonths(today, -30)
    const people = await api('GET', '/api/fzdy/people?kind=student&size=100')
    const students = await api('GET', '/api/xsjbxx?size=100')
    const born = new Map(students.content.map((x) => [x.id, x.birthDate]))
    s.person = people.content.find((p) => !p.liveRecordId && !p.memberStatus && born.get(p.id) && born.get(p.id) <= addMonths(s.applied, -12 * 19))
    assert.ok(s.person, 'a student to develop')
  })
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

  it('walks the record from 递交入党申请书 to 材料归档', async () => {
    const { page } = s
    const A = s.applied
    const activist = addDays(addMonths(A, 1), 5)
    const target = addDays(addMonths(activist, 12), 30)
    const pre = addDays(target, 14)
    const meeting = addDays(pre, 25)
    const probationEnd = addMonths(meeting, 12)
    // ① through the API (the form is the create dialog's, tested with vitest); the rest in the page.
    const rec = await api('POST', '/api/fzdy', { personKind: 'student', personId: s.person.id, orgId: s.branch.id, appliedOn: A })
    const committee = s.branch.pid
    await api('PUT', '/api/fzdy/plans', { year: Number(target.slice(0, 4)), orgId: committee, quota: 999, remark: '端到端' })
    await api('POST', '/api/fzdy/numbers', { year: Number(addDays(pre, 2).slice(0, 4)), orgId: null, prefix: 'E2E', first: 990001, last: 990100, width: 6 })

    // The admin signed in at the report.
    await page.goto(`${s.server.base}/web/develop/record?id=${rec.id}`)
    await page.getByText(s.person.name).first().waitFor()

    /** Approves the current step on `on` after fill() filled its own fields; waits for the next step's form. */
    const pass = async (step, on, fill = async () => {}) => {
      const panel = page.locator('form').filter({ hasText: `办理「${step}」` })
      await panel.waitFor()
      await page.locator('form .ant-btn-loading').waitFor({ state: 'detached' })
      await panel.getByRole('radio', { name: '通过', exact: true }).check()
      const date = panel.getByLabel('办理日期')
      await date.click()
      await date.fill(on)
      await date.press('Tab')
      await fill(panel)
      await panel.getByRole('button', { name: /提\s*交/ }).click()
      await panel.waitFor({ state: 'detached' })
    }
    const text = (panel, label, value) => panel.getByLabel(label).fill(value)
    const number = async (panel, label, value) => panel.getByLabel(label, { exact: true }).fill(String(value))
    const pick = async (panel, label, names) => {
      const box = panel.getByLabel(label)
      for (const name of names) {
        await box.click()
        await box.fill(name)
        await page.locator('.ant-select-item-option', { hasText: name }).first().click()
      }
      await page.keyboard.press('Escape')
    }
    const [m1, m2, m3] = s.full.map((m) => m.name)
    /** Who votes at the record's current step on a day: the branch's roster (⑮, ㉓) or the committee's members (⑰, ㉔). */
    const voters = (on) => api('GET', `/api/fzdy/${rec.id}/voters?date=${on}`)
    /** Waits until the form shows the server's 应到 (read-only, filled once the date is chosen). */
    const shown = async (panel, label, value) => {
      const box = panel.getByLabel(label, { exact: true })
      await box.and(page.locator(`[aria-valuenow="${value}"]`)).waitFor()
      assert.equal(await box.isDisabled(), true, `${label} is the server's count, read-only`)
    }
    /** The higher committee's collective vote (⑰, ㉔): its recorded members, else five entitled, all present and agreeing. */
    const committeeVote = async (p, on) => {
      const v = await voters(on)
      const n = v.fixed ? v.shouldAttend : 5
      if (v.fixed) await shown(p, '应到会委员', n)
      else await number(p, '应到会委员', n)
      await number(p, '到会委员', n)
      await number(p, '同意', n)
    }

    await pass('党组织派人谈话', addDays(A, 10), async (p) => {
      await text(p, '谈话人', '王书记')
      await text(p, '谈话内容', '了解入党动机')
    })
    await pass('推荐和确定入党积极分子', activist, (p) => p.getByRole('radio', { name: '党员推荐' }).check())
    await pass('入党积极分子上级党委备案', addDays(activist, 3))
    await pass('指定培养联系人', addDays(activist, 5), (p) => pick(p, '培养联系人', [m1, m2]))
    for (const m of [5, 10]) {
      await api('POST', `/api/fzdy/${rec.id}/reviews`, { kind: 'activist', reviewedOn: addMonths(activist, m), result: '2', content: '表现良好', reviewer: '王书记' })
    }
    await page.reload()
    await pass('培养教育考察', addDays(addMonths(activist, 12), 1))
    await api('POST', '/api/fzdy/notices', { kind: 'target', orgId: s.branch.id, title: '发展对象公示', startOn: addDays(addMonths(activist, 12), 2),
      endOn: addDays(addMonths(activist, 12), 25), contact: '组织员 010-1234', content: '拟确定为发展对象', recordIds: [rec.id] })
    await page.reload()
    await pass('确定发展对象', target)
    await pass('发展对象报上级党委备案', addDays(target, 1))
    await pass('确定入党介绍人', addDays(target, 2), (p) => pick(p, '入党介绍人', [m2, m3]))
    await pass('政治审查', addDays(target, 3), (p) => text(p, '审查结论', '合格'))
    await api('POST', `/api/fzdy/${rec.id}/trainings`, { batchType: 3, title: '发展对象培训班', startOn: addDays(target, 5), endOn: addDays(target, 8),
      hours: 24, days: 3, certificateNo: 'E2E-001', passed: true })
    await page.reload()
    await pass('集中培训', addDays(target, 10))
    await pass('支部委员会审查', addDays(target, 12))
    await pass('上级党委预审', pre)
    await pass('填写入党志愿书', addDays(pre, 2))
    await api('POST', '/api/fzdy/notices', { kind: 'admit', orgId: s.branch.id, title: '接收预备党员公示', startOn: addDays(pre, 3),
      endOn: addDays(pre, 22), contact: '组织员', content: '拟接收为预备党员', recordIds: [rec.id] })
    await page.reload()

    // A branch meeting without its quorum is refused, the rule named at the field. 应到 is the branch's roster on the
    // day (细则第二十条), counted by the server and shown read-only.
    const roster = (await voters(meeting)).shouldAttend
    assert.ok(roster >= 4, `the branch's roster on ${meeting}: ${roster}`)
    const half = Math.floor(roster / 2)
    const panel = page.locator('form').filter({ hasText: '办理「支部大会讨论接收预备党员」' })
    await panel.waitFor()
    await page.locator('form .ant-btn-loading').waitFor({ state: 'detached' })
    await panel.getByRole('radio', { name: '通过', exact: true }).check()
    const date = panel.getByLabel('办理日期')
    await date.click()
    await date.fill(meeting)
    await date.press('Tab')
    await shown(panel, '应到会人数', roster)
    await number(panel, '实到会人数', half)
    await number(panel, '赞成（含书面）', half)
    await number(panel, '反对', 0)
    await number(panel, '弃权', 0)
    await panel.getByRole('button', { name: /提\s*交/ }).click()
    const refusal = panel.locator('.ant-form-item-explain-error', { hasText: '不符合「' })
    await refusal.waitFor()
    assert.match(await refusal.innerText(), /半数/)
    await screenshot(page, '62-develop-rule-refusal')
    await number(panel, '实到会人数', roster)
    await number(panel, '赞成（含书面）', roster - 1)
    await number(panel, '反对', 1)
    await panel.getByRole('button', { name: /提\s*交/ }).click()
    await panel.waitFor({ state: 'detached' })

    await pass('上级党委派人谈话', addDays(meeting, 10), async (p) => {
      await text(p, '谈话人', '李委员')
      const reported = p.getByLabel('决议报送日期')
      await reported.click()
      await reported.fill(addDays(meeting, 5))
      await reported.press('Tab')
    })
    await pass('上级党委审批', addDays(meeting, 30), (p) => committeeVote(p, addDays(meeting, 30)))

    // 接收预备党员: the person is in the member base, 预备党员 of the branch, with the change trail.
    const afterApproval = await api('GET', `/api/fzdy/${rec.id}`)
    assert.ok(afterApproval.memberId, 'a member record made on 上级党委审批')
    assert.ok(afterApproval.volunteerNo, 'a 志愿书 number handed out at 填写入党志愿书') // the committee's range first, else the school's
    let m = await api('GET', `/api/dyjbxx/${afterApproval.memberId}`)
    assert.equal(m.partyStatusLabel, '预备党员')
    assert.equal(m.sourceLabel, '本校发展')
    assert.equal(m.joinedOn, meeting)
    const trail = await api('GET', `/api/dyjbxx/${afterApproval.memberId}/trail`)
    assert.ok(trail.content.length >= 1, 'the member has a change trail entry')
    await page.goto(`${s.server.base}/web/dyjbxx/detail?id=${afterApproval.memberId}`)
    await page.getByText('预备党员').first().waitFor()
    await screenshot(page, '63-develop-new-member')
    await page.goto(`${s.server.base}/web/develop/record?id=${rec.id}`)

    await pass('再上一级党委组织部门备案', addDays(meeting, 35))
    await pass('编入党支部和党小组', addDays(meeting, 36), (p) => text(p, '编入党小组', '第一党小组'))
    await pass('入党宣誓', addDays(meeting, 40))
    await pass('继续教育考察', addDays(meeting, 60))
    await pass('提出转正申请', addDays(probationEnd, -20))
    await api('POST', '/api/fzdy/notices', { kind: 'full', orgId: s.branch.id, title: '预备党员转正公示', startOn: addDays(probationEnd, -19),
      endOn: addDays(probationEnd, -2), contact: '组织员', content: '拟按期转正', recordIds: [rec.id] })
    await page.reload()
    const fullRoster = (await voters(probationEnd)).shouldAttend
    await pass('支部大会讨论转正', probationEnd, async (p) => {
      await p.getByRole('radio', { name: /按期转正/ }).check()
      await shown(p, '应到会人数', fullRoster)
      await number(p, '实到会人数', fullRoster)
      await number(p, '赞成（含书面）', fullRoster)
      await number(p, '反对', 0)
      await number(p, '弃权', 0)
    })
    await pass('上级党委审批转正', addDays(probationEnd, 10), (p) => committeeVote(p, addDays(probationEnd, 10)))
    await pass('材料归档', addDays(probationEnd, 15), (p) => text(p, '归档位置', '党委组织部档案室'))

    const done = await api('GET', `/api/fzdy/${rec.id}`)
    assert.equal(done.stage, 'full')
    assert.equal(done.steps.length, 24)
    m = await api('GET', `/api/dyjbxx/${done.memberId}`)
    assert.equal(m.partyStatusLabel, '正式党员')
    assert.equal(m.fullOn, probationEnd)
    await page.getByText('正式党员').first().waitFor()
    await screenshot(page, '64-develop-done')
  })
})
