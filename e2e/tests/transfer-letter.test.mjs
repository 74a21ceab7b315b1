// End-to-end: a 校内转接 approved through its chain over the API issues its letter of introduction; the
// admin finds it in 介绍信管理 (filtered by status), opens it, prints it (stub, letter and receipt with one
// number) and downloads its Word version.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signInAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { idNumber } from '../lib/xlsx.mjs'

describe('介绍信管理', () => {
  const ctx = {}
  const s = adminScenario(async ({ server, token, page }) => {
    const org = (body) => call(server.base, 'POST', '/api/dzzxx', { token, body }).then((r) => r.id)
    const root = await org({ code: 'E2EL0', name: '端到端学校党委', type: '1' })
    const cs = await org({ code: 'E2EL1', name: '端到端计算机学院党委', type: '2', pid: root })
    const math = await org({ code: 'E2EL2', name: '端到端数学学院党委', type: '2', pid: root })
    const from = await org({ code: 'E2EL3', name: '端到端计算机教工党支部', type: '5', pid: cs })
    const to = await org({ code: 'E2EL4', name: '端到端数学教工党支部', type: '5', pid: math })
    const m = await call(server.base, 'POST', '/api/dyjbxx', {
      token,
      body: {
        name: '赵介绍', idNumber: idNumber('11010119900315007'), phone: '13800138000', ethnicity: '01', education: '11',
        personCategory: '1', personType: '1', partyStatus: '1', memberStatus: '1', orgId: from,
        appliedOn: '2012-03-01', joinedOn: '2013-06-30', fullOn: '2014-06-30', staffOrStudentNo: 'E2EL001',
      },
    })
    const t = await call(server.base, 'POST', '/api/zzgx', {
      token, body: { kind: 'inside', memberId: m.id, toOrgId: to, feesPaidUpTo: '2026-01', reason: '工作调动' },
    })
    // The sending branch and the sending committee: the committee's approval releases the member and issues the letter.
    for (let i = 0; i < 2; i++) {
      const flow = await call(server.base, 'GET', `/api/zzgx/inside/${t.id}/flow`, { token })
      await call(server.base, 'POST', `/api/zzgx/inside/${t.id}/flow`, { token, body: { version: flow.version, result: 'approve', comment: '同意' } })
    }
    const letters = await call(server.base, 'GET', '/api/zzgx/letters', { token })
    ctx.letter = letters.content[0]
    await signInAdmin(page, server.base)
  })
  const { it } = s

  it('lists, opens, prints and downloads the letter', async () => {
    const l = ctx.letter
    assert.equal(l.memberName, '赵介绍')
    assert.match(l.number, /^\d{4}-0001$/)
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
})
