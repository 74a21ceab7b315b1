// End-to-end 党务新闻 on a fresh database: two colleges, a member of each with an account, set up over the API.
// The admin (组织部) writes a news item on 党务资料 › 党务新闻 through its form (rich-text body, college A as its
// audience), submits it for review and publishes it. Member 甲 of college A signs in (changing the initial password),
// sees the 党务新闻 card on their home with one unread, opens 党务新闻 in the 党员 mode, reads the item (it is no
// longer unread); member 乙 of college B is not offered it and opening it answers 404. Back on 党务新闻 the admin's
// 阅读情况 names 甲.
import assert from 'node:assert/strict'
import { after, describe } from 'node:test'
import { adminScenario, firstSignIn, openMemberEntry, signInAdmin, twoColleges } from '../lib/admin.mjs'
import { call, login, setPassword } from '../lib/api.mjs'
import { itWithScreenshot, openBrowser, screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

const ROOT = '中共新闻测试大学委员会'
const COLLEGES = ['新闻测试甲学院党委', '新闻测试乙学院党委']
const A = { name: '端到端新闻甲', no: 'E2EXW001', id: idNumber('42010219850505123'), password: 'Xinwen#2026jia' }
const B = { name: '端到端新闻乙', no: 'E2EXW002', id: idNumber('42010219860606234'), password: 'Xinwen#2026yi' }
const TITLE = '甲学院召开2026年度组织生活会'
const BODY = '会上，各支部书记逐一述职并开展批评与自我批评'

describe('党务新闻: published to one college, read by its member only', () => {
  let initial
  const s = adminScenario(async ({ server, token }) => {
    const world = await twoColleges(server, token, { code: 'XWCS', root: ROOT, colleges: COLLEGES, branch: '学生党支部', members: [A, B] })
    s.colleges = world.colleges
    initial = world.initial
  })
  const { it } = s
  let member
  after(() => member?.close())
  const itMember = itWithScreenshot(() => s.memberPage)
  const api = (method, path, body) => call(s.server.base, method, path, { token: s.token, body })

  it('the admin writes the item for college A, submits it and publishes it', async () => {
    const { page, server } = s
    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/library/dwxw`)
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const form = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '新增' })
    const item = (label) => form.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
    await form.getByPlaceholder('请输入标题').fill(TITLE)
    await item('栏目').locator('.ant-select').click()
    await page.locator('.ant-select-item-option-content:visible', { hasText: '工作动态' }).click()
    await item('发布范围').locator('.ant-select').click()
    await page.locator('.ant-select-tree-title:visible', { hasText: new RegExp(`^${COLLEGES[0]}$`) }).click()
    await item('正文').locator('[contenteditable=true]').click()
    await page.keyboard.type(BODY)
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.waitFor({ state: 'detached' })
    const row = page.locator('.crud-table tbody tr', { hasText: TITLE })
    await row.getByText('草稿').waitFor()
    for (const [action, done, state] of [['提交审核', '已提交审核', '待审核'], ['发布', '已发布', '已发布']]) {
      await row.getByRole('button', { name: action, exact: true }).click()
      await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click()
      await page.locator('.ant-message').getByText(done).waitFor()
      await row.getByText(state, { exact: true }).waitFor()
    }
    s.item = (await api('GET', `/api/dwxw?blurry=${encodeURIComponent(TITLE)}`)).content.find((v) => v.title === TITLE)
    assert.ok(s.item?.id > 0)
    await screenshot(page, 'content-01-published')
  })

  itMember('甲 sees one unread on the home, reads the item in 党务新闻', async () => {
    const { server } = s
    member = await openBrowser()
    const page = await member.context.newPage()
    s.memberPage = page
    await page.goto(`${server.base}/web/login`)
    await firstSignIn(page, A.no, initial[A.no], A.password)
    await page.waitForURL(/\/web\/list-home\/dyHome$/)
    await page.getByTestId('unread-news').getByText('未读新闻 1 篇，未读文章 0 篇', { exact: true }).waitFor()
    await openMemberEntry(page, '党务新闻', '党务资讯')
    await page.waitForURL(/\/web\/list-home\/news$/)
    const listed = page.locator('.ant-list-item', { hasText: TITLE })
    await listed.getByText('未读').waitFor()
    await listed.getByText(TITLE).click()
    await page.getByText(BODY).waitFor()
    await page.getByRole('button', { name: '返回列表' }).click()
    await listed.waitFor()
    assert.equal(await listed.getByText('未读').count(), 0, 'still unread after reading')
    await page.locator('.header-menu').getByText('我的首页', { exact: true }).click()
    await page.getByTestId('unread-news').getByText('已全部阅读', { exact: true }).waitFor()
    await screenshot(page, 'content-02-member')
  })

  it('乙 of college B is not offered the item, and opening it is a 404', async () => {
    await setPassword(s.server.base, B.no, initial[B.no], B.password)
    const { token } = await login(s.server.base, B.no, B.password)
    const listed = await call(s.server.base, 'GET', '/api/content/items?size=50', { token })
    assert.ok(!listed.content.some((v) => v.title === TITLE), `乙 sees ${TITLE}`)
    const res = await fetch(`${s.server.base}/api/content/items/${s.item.id}`, { headers: { Authorization: `Bearer ${token}` } })
    assert.equal(res.status, 404)
  })

  it('the admin sees 甲 among the readers', async () => {
    const { page, server } = s
    await page.goto(`${server.base}/web/library/dwxw`)
    const row = page.locator('.crud-table tbody tr', { hasText: TITLE })
    await row.getByRole('button', { name: '阅读情况', exact: true }).click()
    await page.locator('.ant-drawer-content-wrapper').getByText(A.name).waitFor()
  })
})
