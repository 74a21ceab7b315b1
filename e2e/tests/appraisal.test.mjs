// End-to-end on a fresh database: a branch's 民主评议党员. The branch and its three members are set up over
// the API and the members get accounts in one batch; the organiser opens the year's round (开展评议) and the
// branch opens the vote in the app; the three members sign in on phones, each changing the initial
// password, and vote on the paper (one question per member); the branch closes the vote (3 of 3: it counts),
// sees the counts and the proposals, and decides — 优秀 beyond one of three is refused; the member's detail
// page shows the grade and the votes per grade on its 民主评议 tab.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, firstSignIn, signInAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { openBrowser, PHONE, screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

const ROOT = '中共评议测试大学委员会'
const BRANCH = '评议测试教工党支部'
const MEMBERS = [
  { name: '端到端评议甲', no: 'E2EP001', id: idNumber('42010219800101123') },
  { name: '端到端评议乙', no: 'E2EP002', id: idNumber('42010219810202234') },
  { name: '端到端评议丙', no: 'E2EP003', id: idNumber('42010219820303345') },
]
const NEW_PASSWORD = 'Pingyi#2026new'
const YEAR = new Date(Date.now() + 8 * 3600_000).getUTCFullYear()

/** Each voter's grades of 甲, 乙, 丙 (the paper's order). */
const BALLOTS = [
  ['优秀', '合格', '合格'],
  ['优秀', '优秀', '基本合格'],
  ['合格', '优秀', '合格'],
]

describe('民主评议党员: three members vote on phones, the branch decides', () => {
  const initial = {}
  const ids = {}
  const s = adminScenario(async ({ server, token }) => {
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'MZPYU', name: ROOT, type: '1' })
    const branch = (await post('/api/dzzxx', { code: 'MZPYB01', name: BRANCH, type: '5', pid: root.id })).id
    for (const m of MEMBERS) {
      const created = await post('/api/dyjbxx', {
        name: m.name, idNumber: m.id, orgId: branch, staffOrStudentNo: m.no,
        partyStatus: '1', personCategory: '2', personType: '2', joinedOn: '2013-06-30',
      })
      ids[m.name] = created.id
    }
    const batch = await post('/api/dyjbxx/accounts', { orgId: branch })
    for (const c of batch.created) initial[c.username] = c.initialPassword
  })
  const { it } = s

  it('the organiser opens the round and the branch opens the vote', async () => {
    const { page } = s
    assert.equal(Object.keys(initial).length, 3, `accounts ${JSON.stringify(initial)}`)
    await signInAdmin(page, s.server.base)
    await page.goto(`${s.server.base}/web/orglife/mzpy`)
    const row = page.locator('.ant-table-tbody tr', { hasText: BRANCH })
    await row.getByText('未开始').waitFor()
    await page.getByRole('button', { name: '开展评议' }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '开展民主评议党员' })
    await dialog.locator('.ant-form-item').filter({ hasText: '党组织' }).last().locator('.ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByText(ROOT, { exact: true }).click()
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('已为 1 个党支部开展评议').waitFor()
    await row.getByText('自评中').waitFor()
    await row.getByRole('button', { name: '查看' }).click()
    await page.getByText(`${BRANCH}${YEAR}年度民主评议党员`).waitFor()
    await page.getByRole('button', { name: '开启投票' }).click()
    const vote = page.locator('.ant-modal').filter({ hasText: '选票列出本支部每名正式党员' })
    await vote.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('第 1 次投票进行中：已投 0/3').waitFor()
    await screenshot(page, '60-appraisal-voting')
  })

  for (const [i, m] of MEMBERS.entries()) {
    it(`${m.name} votes on a phone`, async () => {
      const phone = await openBrowser(PHONE)
      const page = await phone.context.newPage()
      try {
        await page.goto(`${s.server.base}/web/login`)
        await firstSignIn(page, m.no, initial[m.no], NEW_PASSWORD)
        await page.goto(`${s.server.base}/web/mzpydy`)
        await page.getByText('待投票').waitFor()
        await page.getByRole('link', { name: '去投票' }).click()
        await page.getByText(`${BRANCH}${YEAR}年度民主评议党员`).waitFor()
        for (const [q, grade] of BALLOTS[i].entries()) {
          const question = page.locator('[id^="ballot-q-"]').nth(q)
          await question.getByText(grade, { exact: true }).click()
        }
        if (i === 0) await screenshot(page, '61-appraisal-phone-paper')
        await page.getByRole('button', { name: /提交选票/ }).click()
        await page.locator('.ant-modal').getByRole('button', { name: /提\s*交/ }).click()
        await page.getByText('您已投票').waitFor()
      } catch (e) {
        // The phone's page, not the organiser's, is what a failure here needs: its screenshot, and what it told the voter.
        await screenshot(page, `FAILED-phone-${m.no}`).catch(() => undefined)
        const told = await page.locator('.ant-alert, .ant-message-notice, .ant-notification-notice, .ant-result-title').allInnerTexts().catch(() => [])
        if (e instanceof Error) e.message += `\nthe phone showed: ${told.map((t) => t.replace(/\s+/g, ' ')).join(' | ') || '(no alert)'}`
        throw e
      } finally {
        await phone.close()
      }
    })
  }

  it('the branch closes the vote, decides within the cap, and the grade shows on the member\'s detail', async () => {
    const { page } = s
    await page.reload()
    await page.getByText('第 1 次投票进行中：已投 3/3').waitFor()
    await page.getByRole('button', { name: '结束投票' }).click()
    await page.locator('.ant-modal').getByRole('button', { name: '结束投票' }).click()
    await page.getByText(/最多 1 名优秀/).waitFor()
    // 甲 2 优秀 1 合格 → 优秀; 乙 2 优秀 1 合格 → 优秀 beyond the cap → proposed 合格; 丙 2 合格 1 基本合格 → 合格.
    const row = (name) => page.locator('.ant-table-tbody tr', { hasText: name })
    await row(MEMBERS[1].name).getByRole('combobox').click()
    await page.locator('.ant-select-dropdown:visible').getByTitle('优秀', { exact: true }).click()
    await row(MEMBERS[1].name).getByLabel(`${MEMBERS[1].name}的理由`).fill('群众公认')
    await page.getByRole('button', { name: '确定评议结果' }).click()
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText(/优秀等次不能超过参评党员的三分之一/).waitFor()
    await row(MEMBERS[1].name).getByRole('combobox').click()
    await page.locator('.ant-select-dropdown:visible').getByTitle('合格', { exact: true }).click()
    await page.getByRole('button', { name: '确定评议结果' }).click()
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('评议结果已确定').waitFor()
    await page.locator('.ant-tag', { hasText: '已决定' }).first().waitFor()
    await screenshot(page, '62-appraisal-decided')

    await page.goto(`${s.server.base}/web/dyjbxx/detail?id=${ids[MEMBERS[0].name]}`)
    await page.getByRole('tab', { name: '民主评议' }).click()
    const item = page.locator('.ant-list-item', { hasText: `${YEAR} 年度` })
    await item.getByText('优秀', { exact: true }).waitFor()
    await item.getByText('得票：优秀 2、合格 1、基本合格 0、不合格 0').waitFor()
    await screenshot(page, '63-appraisal-member-detail')
  })
})
