// End-to-end 组织关系转接 (issue 13): a member moves from a branch of one college to a branch of another through
// the whole 校内转接 chain in the transfer's page (sending branch → sending 二级党委 → receiving 二级党委 →
// receiving branch). Until the last approval the member list shows the member 转出中 at the sending branch; after
// it the list shows the new branch and the member's trail the move. The letter of introduction issued on the
// sending committee's approval prints — that part needs the letters (transfer/letter, branch i13-letter): without
// them it is skipped with a message, once merged it runs.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signInAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { idNumber } from '../lib/xlsx.mjs'

describe('组织关系转接: 校内转接 across two colleges', () => {
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
  })
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
})
