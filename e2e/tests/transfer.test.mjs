// End-to-end 组织关系转接 (issue 13) on the demo university (with its transfers), one server and one browser.
// A member moves from a branch of one college to a branch of another through the whole 校内转接 chain in the
// transfer's page (sending branch → sending 二级党委 → receiving 二级党委 → receiving branch). Until the last
// approval the member list shows the member 转出中 at the sending branch; after it the list shows the new
// branch and the member's trail the move; the letter of introduction issued on the sending committee's
// approval prints. 介绍信管理: a second 校内转接 approved through its first two steps over the API issues its
// letter; the admin finds it (filtered by status), opens it, prints it (stub, letter and receipt with one
// number) and downloads its Word version. 转接统计: the year's figures and the committees' table agree with
// the server's tables, and the export downloads the workbook; the year has a completed transfer whatever
// today's date, the one this walk completed (the demo's own are spread over three years).
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signInAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

// The demo size the other demo files use: one seeded university serves the run (lib/store.mjs).
const DEMO_MEMBERS = 1000
/** The year in China, the statistics page's default. */
const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear()

describe('组织关系转接 on the demo university: 校内转接 across two colleges, its letters, the statistics', () => {
  const ctx = {}
  const s = adminScenario(async (s) => {
    const api = (method, path, body) => call(s.server.base, method, path, { token: s.token, body })
    s.api = api
    const root = await api('POST', '/api/dzzxx', { code: 'T13U', name: '中共转接大学委员会', type: '1' })
    const cs = await api('POST', '/api/dzzxx', { code: 'T13CS', name: '计算机学院党委', type: '2', pid: root.id })
    const math = await api('POST', '/api/dzzxx', { code: 'T13MA', name: '数学学院党委', type: '2', pid: root.id })
    s.from = await api('POST', '/api/dzzxx', { code: 'T13CS1', name: '计算机学院教工第一党支部', type: '5', pid: cs.id })
    s.to = await api('POST', '/api/dzzxx', { code: 'T13MA1', name: '数学学院教工第一党支部', type: '5', pid: math.id })
    s.member = await api('POST', '/api/dyjbxx', {
      name: '转接测试甲',
      idNumber: idNumber('11010119880307451'),
      personCategory: '1',
      partyStatus: '1',
      orgId: s.from.id,
      joinedOn: '2012-06-30',
      fullOn: '2013-06-30',
    })
    s.transfer = await api('POST', '/api/zzgx', {
      kind: 'inside',
      memberId: s.member.id,
      toOrgId: s.to.id,
      reach: 'city',
      feesPaidUpTo: '2026-01',
      reason: '工作调动',
    })

    {
      // 介绍信管理's own transfer, approved by the sending branch and committee.
      const org = (body) => api('POST', '/api/dzzxx', body).then((r) => r.id)
      const root = await org({ code: 'E2EL0', name: '端到端学校党委', type: '1' })
      const cs = await org({ code: 'E2EL1', name: '端到端计算机学院党委', type: '2', pid: root })
      const math = await org({ code: 'E2EL2', name: '端到端数学学院党委', type: '2', pid: root })
      const from = await org({ code: 'E2EL3', name: '端到端计算机教工党支部', type: '5', pid: cs })
      const to = await org({ code: 'E2EL4', name: '端到端数学教工党支部', type: '5', pid: math })
      const m = await api('POST', '/api/dyjbxx', {
        name: '赵介绍', idNumber: idNumber('11010119900315007'), phone: '13800138000', ethnicity: '01', education: '11',
        personCategory: '1', personType: '1', partyStatus: '1', memberStatus: '1', orgId: from,
        appliedOn: '2012-03-01', joinedOn: '2013-06-30', fullOn: '2014-06-30', staffOrStudentNo: 'E2EL001',
      })
      const t = await api('POST', '/api/zzgx', { kind: 'inside', memberId: m.id, toOrgId: to, feesPaidUpTo: '2026-01', reason: '工作调动' })
      // The letters the demo issued: the new one takes the next number of its year.
      const before = (await api('GET', '/api/zzgx/letters?size=1000')).content.map((x) => x.number)
      // The sending branch and the sending committee: the committee's approval releases the member and issues the letter.
      for (let i = 0; i < 2; i++) {
        const flow = await api('GET', `/api/zzgx/inside/${t.id}/flow`)
        await api('POST', `/api/zzgx/inside/${t.id}/flow`, { version: flow.version, result: 'approve', comment: '同意' })
      }
      const issued = (await api('GET', '/api/zzgx/letters?size=1000')).content.filter((x) => !before.includes(x.number))
      assert.equal(issued.length, 1, 'one letter issued')
      ctx.letter = issued[0]
      const [y] = ctx.letter.number.split('-')
      ctx.nextSeq = 1 + Math.max(0, ...before.filter((n) => n.startsWith(`${y}-`)).map((n) => Number(n.split('-')[1])))
    }
  }, { demoMembers: DEMO_MEMBERS })
  const { it } = s

  /** The member's row in the member list, searched by name. */
  const memberRow = async () => {
    const { page } = s
    await page.goto(`${s.server.base}/web/party/dyjbxx`)
    await page.getByPlaceholder(/姓名、学号\/工号/).fill('转接测试甲')
    await page.getByRole('button', { name: /搜\s*索/ }).click()
    const row = page.locator('tr', { hasText: '转接测试甲' })
    await row.waitFor()
    return row
  }

  it('approves every step in the transfer page; the member moves only at the receiving branch’s approval', async () => {
    const { page } = s
    await signInAdmin(page, s.server.base)
    // Before: 转出中 at the sending branch.
    let row = await memberRow()
    assert.match(await row.innerText(), /计算机学院教工第一党支部/)
    assert.match(await row.innerText(), /转出中/)

    await page.goto(`${s.server.base}/web/zzgx/inside?id=${s.transfer.id}`)
    const drawer = page.locator('.ant-drawer')
    await drawer.getByText('校内转接 · 转接测试甲').waitFor()
    for (const step of ['支部审核', '二级党委审核', '接收方二级党委审核', '接收方支部审核']) {
      const panel = drawer.locator('form').filter({ hasText: `办理「${step}」` })
      await panel.waitFor()
      await panel.getByRole('radio', { name: '通过', exact: true }).check()
      await panel.getByRole('button', { name: /提\s*交/ }).click()
      await panel.waitFor({ state: 'detached' })
      if (step !== '接收方支部审核') {
        const member = await s.api('GET', `/api/dyjbxx/${s.member.id}`)
        assert.equal(member.orgId, s.from.id, `the member moved before the last approval (after ${step})`)
      }
    }
    await drawer.getByText('已完成').first().waitFor()
    // The history has the submission and the four approvals.
    assert.equal(await drawer.locator('.ant-timeline-item').count(), 5)

    // After: the member list shows the new branch, no longer 转出中.
    row = await memberRow()
    const text = await row.innerText()
    assert.match(text, /数学学院教工第一党支部/)
    assert.doesNotMatch(text, /转出中/)
    // The member's trail shows the move.
    const trail = await s.api('GET', `/api/dyjbxx/${s.member.id}/trail`)
    assert.ok(
      JSON.stringify(trail).includes('数学学院教工第一党支部') && JSON.stringify(trail).includes('计算机学院教工第一党支部'),
      'the trail names both branches',
    )
  })

  it('prints the letter of introduction issued on the sending committee’s approval', async (t) => {
    const detail = await s.api('GET', `/api/zzgx/${s.transfer.id}`)
    if (!detail.letters) {
      // The letters (transfer/letter) are not merged into this build: nothing issued a letter.
      t.skip('介绍信 (transfer/letter) not in this build: run again after merging i13-letter')
      return
    }
    assert.equal(detail.letters.length, 1, 'one letter issued')
    const { page } = s
    await page.goto(`${s.server.base}/web/zzgx/inside?id=${s.transfer.id}`)
    const drawer = page.locator('.ant-drawer')
    await drawer.getByText(`第 ${detail.letters[0].number} 号`).waitFor()
    const [print] = await Promise.all([page.context().waitForEvent('page'), drawer.getByRole('button', { name: /打\s*印/ }).click()])
    await print.waitForLoadState()
    assert.match(print.url(), new RegExp(`/print/zzgxLetter\\?id=${detail.letters[0].id}$`))
    await print.getByText(detail.letters[0].number).first().waitFor()
    await print.getByText('转接测试甲').first().waitFor()
    await print.close()
  })

  it('lists, opens, prints and downloads the letter', async () => {
    const l = ctx.letter
    assert.equal(l.memberName, '赵介绍')
    // The year's next number: 0001 on a fresh database, here the one after the demo's letters.
    assert.match(l.number, /^\d{4}-\d{4}$/)
    assert.equal(Number(l.number.split('-')[1]), ctx.nextSeq)
    await s.page.goto(`${s.server.base}/web/zzgx/letter`)
    const row = s.page.locator('.ant-table-row').filter({ hasText: l.number })
    await row.waitFor()
    assert.match(await row.innerText(), /赵介绍[\s\S]*端到端数学教工党支部[\s\S]*有效/)

    await row.getByText(l.number).click()
    const drawer = s.page.locator('.ant-drawer-content-wrapper').filter({ hasText: `介绍信 ${l.number}` })
    await drawer.waitFor()
    assert.match(await drawer.innerText(), /\*{4}/) // the ID number masked

    await s.page.goto(`${s.server.base}/web/print/zzgxLetter?id=${l.id}`)
    await s.page.getByText('中国共产党党员组织关系介绍信回执').waitFor()
    const paper = await s.page.locator('.print-paper').innerText()
    assert.equal(paper.split(`第 ${l.number} 号`).length - 1, 5, 'the number on stub, letter and receipt, and on the two seams')
    assert.deepEqual(await s.page.locator('.zzgx-letter .no').allInnerTexts(), Array(3).fill(`第 ${l.number} 号`))
    assert.match(paper, /公民身份号码\s*11010119900315007[0-9X]/)
    assert.match(paper, /党费已交到\s*2026年1月/)

    const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: /下载Word/ }).click()])
    assert.equal(download.suggestedFilename(), `介绍信${l.number}.docx`)
  })

  it('shows the year’s moves as the server counts them and exports them', async () => {
    const { page, server, token } = s
    const stats = await call(server.base, 'GET', `/api/zzgx/stats?year=${year}`, { token })
    const done = stats.kinds.reduce((n, k) => n + k.count, 0)
    assert.ok(done > 0, `completed transfers in ${year}: at least the walk's`)

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
