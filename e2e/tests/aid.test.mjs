// End-to-end 党员帮扶 on a fresh database: a college with a branch and a member, and the college's 二级党委管理员
// account, set up over the API. The college administrator opens 党建信息库 › 党员帮扶, registers the member as a member
// in difficulty (患病) and proposes 帮扶金 of 2,000.01 元: one cent above the default threshold (2,000.00 元), so
// the row waits for the 组织部, and the college's own 审批 of its proposal is refused with the reason. The admin (组织部) approves it;
// the college administrator sees it 已批准 and the 年度统计 counts the amount.
import assert from 'node:assert/strict'
import { after, describe } from 'node:test'
import { adminScenario, signIn, signInAdmin } from '../lib/admin.mjs'
import { call, setPassword } from '../lib/api.mjs'
import { itWithScreenshot, openBrowser, screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

const ROOT = '中共帮扶测试大学委员会'
const COLLEGE = '帮扶测试学院党委'
const MEMBER = { name: '端到端帮扶对象', no: 'E2EBF001', id: idNumber('42010219700707123') }
const COMMITTEE = { username: 'bfxyadmin', password: 'Bangfu#2026xy' }
const AMOUNT = '2000.01'

describe('党员帮扶: a sum above the college\'s threshold waits for the 组织部', () => {
  const s = adminScenario(async ({ server, token }) => {
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'BFCSU', name: ROOT, type: '1' })
    const college = await post('/api/dzzxx', { code: 'BFCS01', name: COLLEGE, type: '2', pid: root.id })
    const branch = await post('/api/dzzxx', { code: 'BFCS01B', name: '帮扶测试学院教工党支部', type: '5', pid: college.id })
    await post('/api/dyjbxx', {
      name: MEMBER.name, idNumber: MEMBER.id, orgId: branch.id, staffOrStudentNo: MEMBER.no,
      partyStatus: '1', personCategory: '2', personType: '2', joinedOn: '1990-06-30',
    })
    const roles = await call(server.base, 'GET', '/api/roles/all', { token })
    const role = roles.find((r) => r.name === '二级党委管理员')
    assert.ok(role, 'the seeded role 二级党委管理员')
    const made = await post('/api/users', { username: COMMITTEE.username, nickName: '帮扶测试学院组织员', orgId: college.id, roleIds: [role.id] })
    await setPassword(server.base, COMMITTEE.username, made.initialPassword, COMMITTEE.password)
  })
  const { it } = s
  let college
  after(() => college?.close())
  const itCollege = itWithScreenshot(() => s.collegePage)
  /** The form item labelled exactly `label` inside `scope`. */
  const item = (page, scope, label) => scope.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
  const pickMember = async (page, drawer) => {
    await item(page, drawer, '党员').locator('.ant-select').click()
    await item(page, drawer, '党员').locator('input').fill(MEMBER.name)
    await page.locator('.ant-select-item-option-content:visible', { hasText: MEMBER.name }).first().click()
  }
  const today = async (page, scope, label) => {
    await item(page, scope, label).locator('.ant-picker').click()
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click()
  }

  itCollege('the college registers the member in difficulty and proposes 帮扶金 one cent above its threshold', async () => {
    college = await openBrowser()
    const page = await college.context.newPage()
    s.collegePage = page
    await page.goto(`${s.server.base}/web/login`)
    await signIn(page, COMMITTEE.username, COMMITTEE.password)
    await page.goto(`${s.server.base}/web/party/dybf`)

    await page.getByRole('button', { name: '登记帮扶对象' }).click()
    let drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '登记帮扶对象' })
    await pickMember(page, drawer)
    await item(page, drawer, '困难类别').locator('.ant-select').click()
    await page.locator('.ant-select-item-option-content:visible', { hasText: '患病' }).click()
    await item(page, drawer, '困难情况').locator('textarea').fill('患病住院治疗，自付费用较高')
    await today(page, drawer, '开始日期')
    await drawer.getByRole('button', { name: /确\s*定|保\s*存|登\s*记/ }).last().click()
    await drawer.waitFor({ state: 'detached' })
    await page.locator('.ant-table-tbody tr', { hasText: MEMBER.name }).getByText('帮扶中').waitFor()

    await page.getByRole('tab', { name: '帮扶记录' }).click()
    await page.getByRole('button', { name: '登记帮扶记录' }).click()
    drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '登记帮扶记录' })
    await pickMember(page, drawer)
    await item(page, drawer, '帮扶方式').getByText('帮扶金', { exact: true }).click()
    await item(page, drawer, '帮扶金额').locator('input').fill(AMOUNT)
    await today(page, drawer, '帮扶日期')
    await drawer.getByRole('button', { name: /确\s*定|保\s*存|登\s*记/ }).last().click()
    await drawer.waitFor({ state: 'detached' })
    const row = page.locator('.ant-table-tbody tr', { hasText: MEMBER.name }).filter({ hasText: '帮扶金' })
    await row.getByText('待审批（组织部）').waitFor()
    await row.getByText('2,000.01').or(row.getByText('2000.01')).first().waitFor()
    // The college may not decide what it proposed itself: the reason in the dialog, and nothing changed.
    await row.getByRole('button', { name: '审批', exact: true }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '审批' })
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.getByText('不能审批本单位申报的帮扶金，请由上级党委审批').waitFor()
    await dialog.getByRole('button', { name: /取\s*消/ }).click()
    await row.getByText('待审批（组织部）').waitFor()
    await screenshot(page, 'aid-01-pending')
  })

  it('the 组织部 approves it; the college sees it approved and counted', async () => {
    const { page, server } = s
    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/party/dybf`)
    await page.getByRole('tab', { name: '帮扶记录' }).click()
    const row = page.locator('.ant-table-tbody tr', { hasText: MEMBER.name }).filter({ hasText: '帮扶金' })
    await row.getByRole('button', { name: '审批', exact: true }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '审批' })
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.waitFor({ state: 'detached' })
    await row.getByText('已批准').waitFor()

    const mine = s.collegePage
    await mine.reload()
    await mine.getByRole('tab', { name: '帮扶记录' }).click()
    await mine.locator('.ant-table-tbody tr', { hasText: MEMBER.name }).filter({ hasText: '帮扶金' }).getByText('已批准').waitFor()
    await mine.getByRole('tab', { name: '年度统计' }).click()
    await mine.locator('.ant-table-tbody').getByText(/2,?000\.01/).first().waitFor()
    await screenshot(mine, 'aid-02-approved')
  })
})
