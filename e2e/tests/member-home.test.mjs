// End-to-end on a fresh database: the branch and its members are set up over the API (the secretary
// chosen among them); the admin then makes the members' accounts in one batch on 党员信息 (批量创建账号)
// and reads a member's initial password from the printable result. The member signs in with it, must
// change it first, and lands on 党员首页: what needs doing first (the current month's fee due) above their own
// name and branch, their ID number masked, the branch's secretary and committee, their change trail as
// sentences; they pay the month with 演示支付 (the sandbox `make run` starts with) and see it paid — and the
// page fits a 390 px phone.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, firstSignIn, openMemberEntry, signInAdmin, signOut } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { PHONE, screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

const ROOT = '中共首页测试大学委员会'
const BRANCH = '首页测试教工党支部'
const MEMBER = { name: '端到端首页党员', no: 'E2EH001', id: idNumber('42010219910405123'), phone: '13912345678' }
const SECRETARY = { name: '端到端首页书记', no: 'E2EH002', id: idNumber('42010219800101451') }
const NEW_PASSWORD = 'Dangyuan#2026new'

// As `make run` starts the server: online payment through 演示支付 (the sandbox), no secret given.
process.env.ZHDJ_PAY_SANDBOX = 'on'
delete process.env.ZHDJ_PAY_SECRET

/** The current month in China (YYYY-MM). */
const CURRENT = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7)

describe('a party member signs in to their home', () => {
  let branch = 0
  const s = adminScenario(async ({ server, token }) => {
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'HOMEU', name: ROOT, type: '1' })
    branch = (await post('/api/dzzxx', { code: 'HOMEB01', name: BRANCH, type: '5', pid: root.id })).id
    const member = (m) =>
      post('/api/dyjbxx', {
        name: m.name, idNumber: m.id, phone: m.phone ?? '', orgId: branch, staffOrStudentNo: m.no,
        partyStatus: '1', personCategory: '2', personType: '2', joinedOn: '2013-06-30',
      })
    const own = await member(MEMBER)
    const secretary = await member(SECRETARY)
    await call(server.base, 'PUT', `/api/dzzxx/${branch}/leaders`, { token, body: { secretaryId: secretary.id, committeeIds: [own.id] } })
    // The current month's fees are being collected: the member (a student: 0.20 元) owes it.
    const batch = await post('/api/dfgl/batch', { month: CURRENT })
    await post(`/api/dfgl/batch/${batch.id}/start`)
  })
  const { it } = s
  let initial = ''

  it('the admin makes the members\' accounts in one batch and reads the initial password', async () => {
    const { page } = s
    await signInAdmin(page, s.server.base)
    await page.goto(`${s.server.base}/web/party/dyjbxx`)
    await page.locator('.crud-table tbody').getByText(MEMBER.name, { exact: true }).waitFor()
    await page.getByRole('button', { name: /批量创建账号/ }).click()
    const ask = page.locator('.ant-modal').filter({ hasText: '批量创建党员账号' })
    await ask.getByRole('button', { name: /确\s*定/ }).click() // no organisation chosen: the whole scope
    const issued = page.locator('.ant-modal').filter({ hasText: '批量创建账号结果' })
    await issued.getByTestId('issued-summary').getByText('新建账号 2 个，关联已有账号 0 个，跳过 0 人').waitFor()
    const row = issued.locator('.ant-table-tbody tr', { hasText: MEMBER.no })
    initial = (await row.locator('code').innerText()).trim()
    assert.ok(initial.length >= 12, `initial password ${initial}`)
    await screenshot(page, '40-member-accounts-batch')
    await issued.getByRole('button', { name: /我已保存，关闭/ }).click()
    await issued.waitFor({ state: 'detached' })

    await signOut(page)
  })

  it('the member changes the initial password and lands on 党员首页 with their own record and branch', async () => {
    const { page } = s
    await firstSignIn(page, MEMBER.no, initial, NEW_PASSWORD)
    await page.waitForURL(/\/web\/list-home\/dyHome$/)
    await page.getByText(`您好，${MEMBER.name}`).waitFor()
    // What needs doing comes first: the month's fee, above the profile.
    const first = page.getByTestId('member-priorities')
    await first.getByText(`1 个月待缴，共 0.20 元（${CURRENT}）`).waitFor()
    const mine = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /^我的信息$/ }) })
    const [feeBox, mineBox] = [await first.boundingBox(), await mine.boundingBox()]
    assert.ok(feeBox && mineBox && feeBox.y < mineBox.y, 'the fee due shows above the profile')
    await mine.getByText(BRANCH, { exact: true }).waitFor()
    await mine.getByText(`${MEMBER.id.slice(0, 6)}********${MEMBER.id.slice(14)}`, { exact: true }).waitFor()
    await mine.getByText('139****5678', { exact: true }).waitFor()
    const text = await page.locator('.member-home').innerText()
    assert.ok(!text.includes(MEMBER.id) && !text.includes(MEMBER.phone), 'a personal value shows in clear')
    const org = page.locator('.ant-card').filter({ has: page.getByTestId('org-name') })
    await org.getByTestId('org-name').getByText(BRANCH).waitFor()
    assert.equal((await org.getByTestId('org-path').innerText()).trim(), `${ROOT} › ${BRANCH}`)
    await org.getByText(SECRETARY.name, { exact: true }).waitFor()
    // Their trail, as sentences: the account linked by the batch, the record added.
    const trail = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /^我的变动记录$/ }) })
    await trail.getByText(new RegExp(`^\\d{4}-\\d{2}-\\d{2} 关联账号登记为${MEMBER.no}$`)).waitFor()
    await trail.getByText(/^\d{4}-\d{2}-\d{2} 建立党员信息/).waitFor()
    // The member reaches no other member's record: the member base is not theirs.
    assert.equal(await page.locator('.sidebar').getByText('党员信息', { exact: true }).count(), 0)
    await screenshot(page, '41-member-home')

    // They pay the month with 演示支付: the order goes through the sandbox's confirmation (the signed notify).
    await first.getByRole('link', { name: '去缴费' }).click()
    await page.waitForURL(/\/web\/list-home\/myFees$/)
    const fees = page.locator('.ant-card', { hasText: '我的党费' })
    await fees.getByText('在线缴费使用演示支付').waitFor()
    await fees.locator('.ant-table-tbody tr', { hasText: CURRENT }).locator('input[type=checkbox]').check()
    await fees.getByRole('button', { name: /在线缴费 0\.20 元（演示支付）/ }).click()
    await page.waitForURL(/\/web\/payment\?no=YS/)
    await page.getByText('演示支付：确认付款').waitFor()
    await page.getByRole('button', { name: /确认支付（演示支付）/ }).click()
    await page.getByText('支付成功').waitFor()
    await page.goto(`${s.server.base}/web/list-home/myFees`)
    await fees.getByTestId('paid-summary').getByText(`已缴至 ${CURRENT}`).waitFor()
    await fees.locator('.ant-table-tbody tr', { hasText: CURRENT }).getByText('已缴', { exact: true }).first().waitFor()
    const record = fees.locator('.ant-table-tbody tr', { hasText: /^YS/ })
    await record.getByText('演示支付').waitFor()
    await page.goto(`${s.server.base}/web/list-home/dyHome`)

    // A member has one mode (党员): no switch; its top-bar entries lead back here from another page.
    await page.goto(`${s.server.base}/web/user/center`)
    await page.locator('.header-menu').getByText('我的首页', { exact: true }).click()
    await page.waitForURL(/\/web\/list-home\/dyHome$/)
    assert.equal(await page.getByLabel('切换模式').count(), 0, 'a mode switch for a member')
    await page.getByText(`您好，${MEMBER.name}`).waitFor()

    // 制度文件 and 述职与廉政 are the member's own entries (the staff's 党务资料 directory is not theirs): they
    // read, with no editing button, and keep their own integrity record.
    await openMemberEntry(page, '制度文件', '党务资讯')
    await page.waitForURL(/\/web\/list-home\/library$/)
    for (const tab of ['规章制度', '文件下载', '帮助文档']) await page.getByRole('tab', { name: tab }).waitFor()
    await page.locator('.ant-table').first().waitFor()
    assert.equal(await page.getByRole('button', { name: /新\s*增/ }).count(), 0, 'a member may add a rule')
    await openMemberEntry(page, '述职与廉政', '填报评议')
    await page.waitForURL(/\/web\/list-home\/myDuty$/)
    await page.getByRole('tab', { name: '我的德廉档案', exact: true }).waitFor()
    await page.getByRole('tab', { name: '值班工作报告' }).click()
    await page.getByRole('tab', { name: '我的报告' }).waitFor()
    assert.equal(await page.locator('.header-menu').getByText('党务资料', { exact: true }).count(), 0, '党务资料 for a member')
    await page.locator('.header-menu').getByText('我的首页', { exact: true }).click()
    await page.waitForURL(/\/web\/list-home\/dyHome$/)

    // On a 390 px phone the page fits its width.
    await page.setViewportSize(PHONE.viewport)
    await page.reload()
    await page.getByText(`您好，${MEMBER.name}`).waitFor()
    await mine.getByText(BRANCH, { exact: true }).waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`)
    await screenshot(page, '42-member-home-phone')
  })
})
