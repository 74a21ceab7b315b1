// End-to-end 党务资料 on a fresh database: two colleges, a member of each with an account, set up over the API.
// The admin (组织部) adds a rule on 规章制度 through its form (rich-text body) and finds it by a word of its body;
// publishes a document on 文件下载 to college A only (the file uploaded over the API, as the form's upload does).
// Member 甲 of college A signs in (changing the initial password), opens 制度文件 in the 党员 mode, reads the rule
// and downloads the document; member 乙 of college B is not offered it and its download answers 404. Back on
// 文件下载 the admin sees the document downloaded once.
import assert from 'node:assert/strict'
import { after, describe } from 'node:test'
import { adminScenario, firstSignIn, openMemberEntry, signInAdmin, twoColleges } from '../lib/admin.mjs'
import { call, login, setPassword } from '../lib/api.mjs'
import { itWithScreenshot, openBrowser, screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

const ROOT = '中共资料测试大学委员会'
const COLLEGES = ['资料测试甲学院党委', '资料测试乙学院党委']
const A = { name: '端到端资料甲', no: 'E2EZL001', id: idNumber('42010219850303123'), password: 'Ziliao#2026jia' }
const B = { name: '端到端资料乙', no: 'E2EZL002', id: idNumber('42010219860404234'), password: 'Ziliao#2026yi' }
const RULE = '资料测试大学党支部工作细则'
const DOC = '甲学院入党申请书模板'

describe('党务资料: a rule for everyone, a document for one college, read in the 党员 mode', () => {
  let initial
  const s = adminScenario(async ({ server, token }) => {
    const world = await twoColleges(server, token, { code: 'ZLCS', root: ROOT, colleges: COLLEGES, branch: '教工党支部', members: [A, B] })
    s.colleges = world.colleges
    initial = world.initial
  })
  const { it } = s
  let member
  after(() => member?.close())
  const itMember = itWithScreenshot(() => s.memberPage)
  const api = (method, path, body) => call(s.server.base, method, path, { token: s.token, body })

  it('the admin adds a rule through the form and finds it by a word of its body', async () => {
    const { page, server } = s
    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/library/gzzd`)
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const form = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '新增规章制度' })
    const item = (label) => form.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
    await item('类别').locator('.ant-select').click()
    await page.locator('.ant-select-item-option-content:visible', { hasText: '学校制度' }).click()
    await form.getByPlaceholder('请输入标题').fill(RULE)
    await form.getByPlaceholder('请选择施行日期').click()
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click()
    await item('正文').locator('[contenteditable=true]').click()
    await page.keyboard.type('党支部每月至少召开一次支部委员会会议')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.waitFor({ state: 'detached' })
    await page.getByPlaceholder('标题、文号或正文').fill('支部委员会')
    await page.getByRole('button', { name: /搜\s*索/ }).click()
    const row = page.locator('.crud-table tbody tr', { hasText: RULE })
    await row.getByText('现行有效').waitFor()
    await screenshot(page, 'library-01-rule')
  })

  it('the admin publishes a document to college A only', async () => {
    const form = new FormData()
    form.append('file', new Blob(['入党申请书模板'], { type: 'text/plain' }), '入党申请书模板.txt')
    form.append('moduleName', 'library')
    const res = await fetch(`${s.server.base}/api/file/upload`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}` }, body: form })
    assert.equal(res.status, 201, await res.clone().text())
    const file = await res.json()
    s.doc = await api('POST', '/api/wjxz', { orgId: s.colleges[0].id, category: '1', title: DOC, fileId: file.id, roleIds: [], remark: '' })
    assert.ok(s.doc.id > 0)
  })

  itMember('甲 reads the rule and downloads the document in the 党员 mode', async () => {
    const { server } = s
    member = await openBrowser()
    const page = await member.context.newPage()
    s.memberPage = page
    await page.goto(`${server.base}/web/login`)
    await firstSignIn(page, A.no, initial[A.no], A.password)
    await openMemberEntry(page, '制度文件', '党务资讯')
    await page.waitForURL(/\/web\/list-home\/library$/)
    await page.locator('.crud-table tbody tr', { hasText: RULE }).waitFor()
    await page.getByRole('tab', { name: '文件下载' }).click()
    const row = page.locator('.ant-table-tbody tr', { hasText: DOC })
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: '下载' }).click()])
    assert.equal(download.suggestedFilename(), '入党申请书模板.txt')
    await screenshot(page, 'library-02-member')
  })

  it('乙 of college B is not offered the document, and its download is a 404', async () => {
    await setPassword(s.server.base, B.no, initial[B.no], B.password)
    const { token } = await login(s.server.base, B.no, B.password)
    const visible = await call(s.server.base, 'GET', '/api/wjxz/visible?size=50', { token })
    assert.ok(!visible.content.some((d) => d.title === DOC), `乙 sees ${DOC}`)
    const res = await fetch(`${s.server.base}/api/wjxz/${s.doc.id}/download`, { headers: { Authorization: `Bearer ${token}` } })
    assert.equal(res.status, 404)
  })

  it('the admin sees the document downloaded once', async () => {
    const { page, server } = s
    await page.goto(`${server.base}/web/library/wjxz`)
    await page.getByRole('tab', { name: '发布管理' }).click()
    const row = page.locator('.crud-table tbody tr', { hasText: DOC })
    await row.getByRole('cell', { name: '1', exact: true }).waitFor()
  })
})
