// End-to-end 党费管理 on a fresh database, one server and one browser: a branch of three student members (the fixed 0.20 元 a month).
// Set up over the API: the six months before the current one started, paid on site by 乙 and 丙 and
// settled, 甲 never paying. In the browser the admin starts the current month on 党费批次管理 and records
// 乙's month on 现场缴费; 丙 signs in and pays online on 我的党费 through 演示支付, the sandbox of the payment
// platform (confirmed on the /payment page as a correctly signed notify, which shows the result); the admin settles the month
// and reads 党费报表: the branch's figures agree with the server's, and 甲 — six consecutive ended months
// unpaid (RULES §1, 自行脱党; the open month does not count) — carries the warning; the warning reminders are open for 甲.
// Then 党费标准 and 党费基数: the regulation's standards are listed; a new student standard is enabled after a
// confirmation that names the one it voids; a base is entered with its salary items while the server previews
// the due and its working; the list shows the due. (The month comes first: the new standard and the teacher
// of the standards would change its students' dues and the batch's member count.)
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, firstSignIn, signInAdmin, signOut } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

// The sandbox of the signed-callback provider (docs/fee.md), for this server only.
process.env.ZHDJ_PAY_SECRET = 'e2e-fee-secret-0123456789'
process.env.ZHDJ_PAY_SANDBOX = 'on'

const ROOT = '中共党费测试大学委员会'
const BRANCH = '党费测试学生党支部'
const MEMBERS = [
  { name: '党费甲', no: 'E2EF001', id: idNumber('42010220030405123') },
  { name: '党费乙', no: 'E2EF002', id: idNumber('42010220030506124') },
  { name: '党费丙', no: 'E2EF003', id: idNumber('42010220030607125') },
]
const NEW_PASSWORD = 'Dangfei#2026new'

/** The month n months from the current one in China (YYYY-MM). */
function monthFrom(n) {
  const now = new Date(Date.now() + 8 * 3600_000)
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1))
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`
}
const CURRENT = monthFrom(0)

describe('党费: a month from start to report, then the standards and bases', () => {
  let branch = 0
  const ids = {}
  let initial = ''
  const s = adminScenario(async ({ server, token }) => {
    const api = (method, path, body) => call(server.base, method, path, { token, body })
    const root = await api('POST', '/api/dzzxx', { code: 'FEEU', name: ROOT, type: '1' })
    branch = (await api('POST', '/api/dzzxx', { code: 'FEEB01', name: BRANCH, type: '5', pid: root.id })).id
    for (const m of MEMBERS) {
      const made = await api('POST', '/api/dyjbxx', {
        name: m.name, idNumber: m.id, orgId: branch, staffOrStudentNo: m.no, partyStatus: '1', personCategory: '2',
        personType: '2', joinedOn: '2022-06-30',
      })
      ids[m.name] = made.id
    }
    // The six months before: started, 乙 and 丙 paid on site, settled (the arrears count only ended months).
    for (let n = -6; n <= -1; n++) {
      const b = await api('POST', '/api/dfgl/batch', { month: monthFrom(n), reason: '补建以前月份' })
      await api('POST', `/api/dfgl/batch/${b.id}/start`)
      const dues = await api('GET', `/api/dfgl/due?month=${monthFrom(n)}&orgId=${branch}&size=10`)
      assert.equal(dues.totalElements, 3, `three dues in ${monthFrom(n)}`)
      const paying = dues.content.filter((d) => d.memberName !== '党费甲').map((d) => d.id)
      await api('POST', '/api/dfgl/onsite', { dueIds: paying, payer: '收缴员', method: 'cash' })
      await api('POST', `/api/dfgl/batch/${b.id}/settle`)
    }
    const issued = await api('POST', '/api/dyjbxx/accounts', { orgId: branch })
    const c = issued.created.find((o) => o.memberId === ids['党费丙'])
    assert.ok(c?.initialPassword, 'an account for 丙')
    initial = c.initialPassword
    ids.username = c.username
  })
  const { it } = s

  it('the admin starts the current month and records 乙 on site', async () => {
    const { page, server } = s
    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/dfgl/batch`)
    await page.getByRole('button', { name: '新建批次' }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建党费批次' })
    // The month after the latest batch (the six before exist): the current one, with what its start will freeze.
    await dialog.getByText('启动缴费时将冻结 3 名党员的应缴党费，合计 0.60 元').waitFor()
    assert.equal(await dialog.locator('input#month').inputValue(), CURRENT)
    await dialog.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click()
    const row = page.locator('.ant-table-tbody tr').filter({ has: page.getByRole('cell', { name: CURRENT, exact: true }) })
    await row.getByRole('button', { name: '启动缴费' }).click()
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click()
    await row.getByText('缴费中').waitFor()
    assert.match(await row.innerText(), /0\.60/)

    await page.goto(`${server.base}/web/dfgl/onsite`)
    const line = page.locator('.ant-table-tbody tr', { hasText: '党费乙' })
    await line.waitFor()
    await line.locator('input[type=checkbox]').check()
    await page.getByRole('button', { name: /现场收缴（1）/ }).click()
    const collect = page.locator('.ant-modal').filter({ hasText: '现场收缴' })
    await collect.getByText('1 名党员，1 笔，合计 0.20 元').waitFor()
    await collect.getByLabel('现金').check()
    await collect.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click()
    const receipt = page.locator('.ant-modal', { hasText: '收缴成功' })
    await receipt.getByText(/收据号 SJ\d{10}，金额 0\.20 元/).waitFor()
    await screenshot(page, '70-fee-onsite')
    await receipt.getByRole('button', { name: '知道了' }).click()
    await line.waitFor({ state: 'detached' })
  })

  it('丙 pays the current month online through the signed callback', async () => {
    const { page, server } = s
    await signOut(page)
    await firstSignIn(page, ids.username, initial, NEW_PASSWORD)
    await page.goto(`${server.base}/web/list-home/myFees`)
    const fees = page.locator('.ant-card', { hasText: '我的党费' })
    const current = fees.locator('.ant-table-tbody tr').filter({ has: page.getByRole('cell', { name: CURRENT, exact: true }) })
    await current.locator('input[type=checkbox]').check()
    await fees.getByRole('button', { name: /在线缴费 0\.20 元/ }).click()
    // 演示支付 sends the payer to the order's signed result link, the public /payment page (no session
    // needed); the confirmation there is delivered as the signed notify; the page shows the order as the
    // server holds it.
    await page.waitForURL(/\/web\/payment\?no=/)
    await page.getByRole('button', { name: /确认支付（演示支付）/ }).click()
    await page.getByText('支付成功').waitFor()
    await page.getByText('0.20 元').waitFor()
    await page.getByText(CURRENT, { exact: true }).waitFor()
    const landed = new URL(page.url())
    const result = await call(server.base, 'GET', `/api/dfgl/pay/result${landed.search}`)
    assert.equal(result.state, 'paid', JSON.stringify(result))
    assert.equal(result.amountFen, 20)
    assert.deepEqual(result.months, [CURRENT])
    await page.goto(`${server.base}/web/list-home/myFees`)
    await fees.getByTestId('paid-summary').waitFor()
    await screenshot(page, '71-fee-paid-online')
    await signOut(page)
  })

  it('the admin settles the month and reads the report with the warning at six months', async () => {
    const { page, server, token } = s
    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/dfgl/batch`)
    const row = page.locator('.ant-table-tbody tr').filter({ has: page.getByRole('cell', { name: CURRENT, exact: true }) })
    await row.getByRole('button', { name: '结算' }).click()
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click()
    await row.getByText('已结算').waitFor()

    const year = CURRENT.slice(0, 4)
    const month = Number(CURRENT.slice(5))
    const rep = await call(server.base, 'GET', `/api/dfgl/report/orgs?year=${year}&month=${month}`, { token })
    assert.equal(rep.rows.length, 1)
    assert.deepEqual([rep.total.members, rep.total.dueFen, rep.total.paidFen, rep.total.outstandingFen, rep.total.rateBp], [3, 60, 40, 20, 6666])

    // The page shows the year by default: its line of the branch as the server adds it up.
    const yearRep = await call(server.base, 'GET', `/api/dfgl/report/orgs?year=${year}`, { token })
    const yuan = (fen) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
    const pct = (bp) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`
    const t = yearRep.total
    await page.goto(`${server.base}/web/dfgl/report`)
    const line = page.locator('.ant-table-tbody tr', { hasText: BRANCH })
    // Both rates, each under its named column (here both 66.66%: 乙 and 丙 paid in full, 甲 nothing, all 0.20 元).
    await line.getByText(pct(t.rateBp)).first().waitFor()
    const text = await line.innerText()
    for (const v of [yuan(t.dueFen), yuan(t.paidFen), yuan(t.outstandingFen), pct(t.peopleRateBp)]) assert.ok(text.includes(v), `${v} in ${text}`)
    await page.getByRole('columnheader', { name: '收缴率（按金额）' }).waitFor()
    await page.getByRole('columnheader', { name: '收缴率（按人数）' }).waitFor()
    await screenshot(page, '72-fee-report')

    await page.getByRole('tab', { name: '欠缴党员' }).click()
    const arrear = page.locator('.ant-table-tbody tr', { hasText: '党费甲' })
    await arrear.getByText('警示：连续6个月及以上未缴（视为自行脱党）').waitFor()
    assert.match(await arrear.innerText(), new RegExp(`${monthFrom(-6)} 至 ${monthFrom(-1)}`)) // the open month does not count
    assert.equal(await page.locator('.ant-table-tbody tr', { hasText: '党费乙' }).count(), 0)
    await screenshot(page, '73-fee-arrears-warning')

    // The reminders: the warning to the branch and to the organisation department.
    for (const type of [151, 152]) await call(server.base, 'POST', '/api/remind/rules/run', { token, body: { type } })
    const open = await call(server.base, 'GET', '/api/remind/reminders?size=50', { token })
    const warned = open.content.filter((r) => r.recordId === ids['党费甲'] && (r.type === 151 || r.type === 152))
    assert.equal(warned.length, 2, JSON.stringify(open.content))
    assert.match(warned[0].title, /党费甲已连续6个月未缴纳党费/)
  })

  it('lists the seeded standards and enables a new one after a confirmation', async () => {
    // A teacher of another committee for the base (the admin is still signed in from the report).
    const { server, token } = s
    const root = await call(server.base, 'POST', '/api/dzzxx', { token, body: { code: 'E2EFU', name: '中共端到端大学委员会', type: '1' } })
    const teachers = await call(server.base, 'POST', '/api/dzzxx', { token, body: { code: 'E2EFB', name: '端到端教工党支部', type: '5', pid: root.id } })
    await call(server.base, 'POST', '/api/dyjbxx', {
      token,
      body: { name: '党费测试', idNumber: idNumber('11010119800307451'), phone: '13800138000', personCategory: '1', personType: '1', partyStatus: '1', orgId: teachers.id, joinedOn: '2010-06-30', fullOn: '2011-06-30' },
    })
    await s.page.goto(`${s.server.base}/web/dfgl/standard`)
    // 在职, 年薪制 and 个体经营者 share the salaried brackets: the 在职 standard's row shows them.
    await s.page.locator('tr.ant-table-row').filter({ hasText: '在职党员党费标准' })
      .getByText('基数 ≤ 3000：0.5%；3000 < 基数 ≤ 5000：1%；5000 < 基数 ≤ 10000：1.5%；基数 > 10000：2%').waitFor()
    await s.page.getByRole('button', { name: '新增标准' }).click()
    const dialog = s.page.locator('.ant-modal').filter({ hasText: '新增党费标准' })
    await dialog.locator('input#name').fill('学生党员党费标准（试行）')
    await dialog.locator('#category').click({ force: true })
    await s.page.locator('.ant-select-item-option-content:visible', { hasText: /^学生$/ }).click()
    await dialog.getByText('固定金额').click()
    await dialog.locator('input#fixed').fill('0.30')
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.waitFor({ state: 'detached' })
    const row = s.page.locator('tr.ant-table-row').filter({ hasText: '学生党员党费标准（试行）' })
    await row.getByText('启用', { exact: true }).first().click()
    await s.page.getByText(/启用后，当前启用的“学生党员党费标准”将作废/).waitFor()
    await screenshot(s.page, 'fee-standard-01-enable')
    await s.page.getByRole('button', { name: /确\s*定/ }).last().click()
    // Exactly 启用: the draft's own tag, 未启用, contains it and would let the check pass before the save.
    await row.locator('.ant-tag', { hasText: /^启用$/ }).waitFor()
    const list = await call(s.server.base, 'GET', '/api/dfbz', { token: s.token })
    const students = list.filter((x) => x.category === 'student').map((x) => `${x.name}:${x.state}`)
    assert.deepEqual(students.sort(), ['学生党员党费标准:void', '学生党员党费标准（试行）:on'])
  })

  it('enters a base with the live preview and lists its due', async () => {
    await s.page.goto(`${s.server.base}/web/dfgl/base`)
    await s.page.getByRole('button', { name: '录入基数' }).click()
    const dialog = s.page.locator('.ant-modal').filter({ hasText: /录入 \d+ 年党费基数/ })
    const member = dialog.locator('.ant-form-item').filter({ hasText: '党员' }).first().locator('.ant-select')
    await member.click()
    await dialog.locator('.ant-form-item').filter({ hasText: '党员' }).first().locator('input').fill('党费测试')
    await s.page.locator('.ant-select-item-option-content:visible', { hasText: '党费测试' }).first().click()
    await dialog.locator('input#items_postPay').fill('6000')
    await dialog.locator('input#items_housingSubsidy').fill('900')
    await dialog.locator('input#items_incomeTax').fill('200')
    await dialog.getByText('月基数 5,800.00 元（计入项目 6,000.00 − 扣除项目 200.00）× 1.5%（5000 < 基数 ≤ 10000）= 87.00 元').waitFor()
    await screenshot(s.page, 'fee-standard-02-preview')
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.waitFor({ state: 'detached' })
    const row = s.page.locator('tr.ant-table-row').filter({ hasText: '党费测试' })
    await row.getByRole('cell', { name: '87.00', exact: true }).waitFor()
    await screenshot(s.page, 'fee-standard-03-list')
  })
})
