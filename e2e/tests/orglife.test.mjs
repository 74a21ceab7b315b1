// End-to-end, issue 25 (组织生活): a branch's secretary plans this month's 支部委员会 through the menu, draws
// its attendees from the roster, publishes and starts it, and opens the screen view; a member of the
// branch opens the QR code's link on a phone, signs in to the app with the account's initial password,
// changes it, and signs the meeting (签到成功); the secretary sees them 已签到, ends the meeting, records
// its minutes and a photo, downloads the 会议记录; the member answers the meeting receipt (a questionnaire sent at
// 结束) on a phone and the secretary reads it in the 回执 tab and exports it; this month's 支部委员会 is done in
// 会议统计. The branch, its members and their accounts are set up over the API.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { readFileSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'
import { adminScenario, signIn } from '../lib/admin.mjs'
import { call, login, setPassword } from '../lib/api.mjs'
import { openBrowser, PHONE, screenshot } from '../lib/browser.mjs'
import { idNumber, zipEntry } from '../lib/xlsx.mjs'

const ROOT = '中共组织生活测试大学委员会'
const BRANCH = '组织生活测试教工党支部'
const SECRETARY = { name: '端到端支部书记', no: 'E2EO001', id: idNumber('32010219800101451'), password: 'Shuji#2026org' }
const MEMBER = { name: '端到端参会党员', no: 'E2EO002', id: idNumber('32010219900202302'), password: 'Dangyuan#2026org' }
const OTHER = { name: '端到端未到党员', no: 'E2EO003', id: idNumber('32010219920303123') }
const TOPIC = '端到端支部委员会：学习组织生活制度'

/** Now in China (the users' clock) as a Date whose UTC fields read China's wall time. */
const chinaNow = () => new Date(Date.now() + 8 * 3600_000)
/** A China wall time as the meeting form's field text (YYYY-MM-DD HH:mm). */
const fieldText = (d) => d.toISOString().slice(0, 16).replace('T', ' ')

/** A w×h PNG of one colour: the meeting's photo, made here so the test carries no binary file. */
function png(w, h, [r, g, b]) {
  const chunk = (type, data) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.length, 0)
    head.write(type, 4, 'ascii')
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
    return Buffer.concat([head, data, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8 bits, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())])
  const pixels = Buffer.concat(Array.from({ length: h }, () => row))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))])
}

/** The form item labelled `label` inside `scope`. */
const item = (scope, label) => scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) })

describe('组织生活: a 支部委员会 planned, signed on a phone and counted', () => {
  const s = adminScenario(async ({ server, token }) => {
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'ORGLU', name: ROOT, type: '1', foundedOn: '2000-01-01' })
    const branch = await post('/api/dzzxx', { code: 'ORGLB01', name: BRANCH, type: '5', pid: root.id, foundedOn: '2000-01-01' })
    const member = (m) =>
      post('/api/dyjbxx', {
        name: m.name, idNumber: m.id, phone: '', orgId: branch.id, staffOrStudentNo: m.no,
        partyStatus: '1', personCategory: '1', joinedOn: '2012-06-30',
      })
    const secretary = await member(SECRETARY)
    const attendee = await member(MEMBER)
    await member(OTHER)
    // The secretary's account (党支部书记 at the branch) comes with 设置书记/委员; the member's from the batch.
    const leaders = await call(server.base, 'PUT', `/api/dzzxx/${branch.id}/leaders`, {
      token, body: { secretaryId: secretary.id, committeeIds: [attendee.id], account: true },
    })
    await setPassword(server.base, leaders.account.username, leaders.account.initialPassword, SECRETARY.password)
    SECRETARY.username = leaders.account.username
    const issued = await post('/api/dyjbxx/accounts', { orgId: branch.id })
    const own = issued.created.find((o) => o.name === MEMBER.name)
    // The member keeps the initial password: the meeting's code is their first use of the account.
    MEMBER.username = own.username
    MEMBER.initial = own.initialPassword
  })
  const { it } = s

  it('the secretary plans, publishes and starts the meeting; a member signs it on a phone; it is ended, recorded and counted', async () => {
    const { page } = s
    const base = s.server.base
    await page.goto(`${base}/web/login`)
    await signIn(page, SECRETARY.username, SECRETARY.password)

    // This month's 支部委员会 is not held yet.
    const month = chinaNow().getUTCMonth() + 1
    // 组织生活 in the header opens its pages in the side menu.
    await page.locator('.header-menu').getByText('组织生活', { exact: true }).click()
    const side = page.locator('.sidebar')
    await side.getByText('会议统计', { exact: true }).click()
    await page.waitForURL(/\/web\/orglife\/hytj/)
    const cell = async () => {
      const line = page.getByRole('row').filter({ has: page.getByText('支部委员会', { exact: true }) })
      await line.waitFor()
      const index = await page.getByRole('columnheader').evaluateAll((hs, m) => hs.findIndex((h) => h.textContent === `${m}月`), month)
      const found = line.getByRole('cell').nth(index)
      await found.scrollIntoViewIfNeeded() // the later months lie past the table's right edge
      return found
    }
    const before = (await (await cell()).innerText()).trim()
    assert.ok(['进行中', '缺'].includes(before), `this month's 支部委员会 before the meeting: ${before}`)
    await screenshot(page, 'orglife-01-calendar-before')

    // 组织生活 › 三会一课 › 支部委员会, through the menu.
    await side.getByText('三会一课', { exact: true }).click()
    await side.getByText('支部委员会', { exact: true }).click()
    await page.waitForURL(/\/web\/orglife\/shyk\/zbwyh$/)
    await page.getByText('暂无会议记录').waitFor()

    // 新增: the branch, the topic, now to an hour from now (the wall clock of China, as the browser's).
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const form = page.locator('.ant-drawer').filter({ hasText: '新增会议' })
    await item(form, '会议主题').locator('input').fill(TOPIC)
    await item(form, '党组织').locator('.ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByText(BRANCH, { exact: true }).click()
    const start = chinaNow()
    const end = new Date(start.getTime() + 3600_000)
    for (const [label, at] of [['开始时间', start], ['结束时间', end]]) {
      const input = item(form, label).locator('input')
      await input.click()
      await input.fill(fieldText(at))
      await input.press('Enter')
    }
    await item(form, '会议地点').locator('input').fill('党员活动室')
    await item(form, '主持人').locator('input').fill(SECRETARY.name)
    await item(form, '会后回执').getByRole('switch').click() // the receipt: a questionnaire sent at 结束
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.waitFor({ state: 'detached' })

    // Open it: a draft, attendees from the roster.
    await page.locator('.crud-table tbody').getByRole('button', { name: TOPIC }).click()
    const drawer = page.locator('.ant-drawer').filter({ has: page.locator('.ant-drawer-title', { hasText: TOPIC }) })
    await drawer.getByText('草稿').waitFor()
    await drawer.getByRole('button', { name: '从党员名册导入' }).click()
    const said = (text) => page.locator('.ant-message').getByText(text).waitFor()
    await said('已从党员名册导入 3 人')
    const attendees = drawer.getByRole('tabpanel', { name: /参会人员/ })
    const attendee = (m) => attendees.getByRole('row').filter({ has: page.getByRole('cell', { name: m.name, exact: true }) })
    // Each with their branch (the column had no width left beside the row actions' and was not shown).
    for (const m of [SECRETARY, MEMBER, OTHER]) await attendee(m).getByRole('cell', { name: BRANCH }).waitFor()

    const act = async (button, confirm, done) => {
      // antd spaces out a two-character button's label (发 布).
      await drawer.getByRole('button', { name: new RegExp(`^${button[0]}\\s*${button[1]}$`) }).click()
      const dialog = page.locator('.ant-modal-confirm').filter({ hasText: confirm })
      await dialog.getByRole('button', { name: /确\s*定/ }).click()
      await said(done)
    }
    await act('发布', '发布后将通知全体参会人员', '已发布')
    await act('开始', '开始后即开放签到', '会议已开始，签到已开放')
    await drawer.getByRole('button', { name: /签到大屏/ }).waitFor()
    await screenshot(page, 'orglife-02-started')

    // 签到大屏 opens the screen view in a new tab: the QR code, wrapped in the link it holds.
    const [screen] = await Promise.all([page.context().waitForEvent('page'), drawer.getByRole('button', { name: /签到大屏/ }).click()])
    await screen.waitForURL(/\/web\/orglife\/screen\?id=\d+$/)
    await screen.getByRole('heading', { name: TOPIC }).waitFor()
    const link = screen.getByRole('link', { name: '签到链接' })
    await link.locator('svg').waitFor()
    const signUrl = await link.getAttribute('href')
    assert.match(signUrl, /\/web\/democratic\/meeting\/sign\?t=[\w.-]+$/)
    await screenshot(screen, 'orglife-03-screen')

    // On a phone (a browser of its own, not signed in): the meeting, 登录后签到, the login page, back, 签到.
    // The account's first use: the initial password must be changed first, then it signs in again, back here.
    const phoneBrowser = await openBrowser(PHONE)
    try {
      const phone = await phoneBrowser.context.newPage()
      const signPage = (u) => u.pathname === '/web/democratic/meeting/sign'
      const sign = () => phone.getByRole('button', { name: /^签\s*到$/ }).tap()
      await phone.goto(signUrl)
      await phone.getByText(TOPIC).waitFor()
      await phone.getByText(BRANCH).waitFor()
      await phone.getByRole('button', { name: '登录后签到' }).tap()
      await phone.waitForURL(/\/web\/login\?redirect=/)
      await signIn(phone, MEMBER.username, MEMBER.initial)
      await phone.waitForURL(signPage)
      await sign()
      const forced = phone.getByRole('dialog', { name: '为了您的账号安全，请修改账号密码后再使用系统！' })
      await forced.getByPlaceholder('请输入旧密码').fill(MEMBER.initial)
      await forced.getByPlaceholder('请输入新密码').fill(MEMBER.password)
      await forced.getByPlaceholder('请再次输入密码').fill(MEMBER.password)
      await forced.getByRole('button', { name: /确\s*认/ }).tap()
      await phone.waitForURL(/\/web\/login\?redirect=/)
      await signIn(phone, MEMBER.username, MEMBER.password)
      await phone.waitForURL(signPage)
      await sign()
      await phone.getByText('签到成功').waitFor()
      await screenshot(phone, 'orglife-04-phone-signed')
    } finally {
      await phoneBrowser.close()
    }

    // The screen counts them (it polls), and the secretary's list shows them 已签到.
    await screen.getByRole('listitem').filter({ hasText: MEMBER.name }).waitFor()
    await screen.close()
    await drawer.getByRole('tab', { name: /参会人员/ }).click()
    await attendee(MEMBER).getByRole('cell', { name: '已签到', exact: true }).waitFor()
    await drawer.getByText(/应到 3 人，实到 1 人/).waitFor()

    // 结束: the others become absent; the minutes, then a photo.
    await act('结束', '结束后未签到的参会人员将记为缺席', '会议已结束')
    await attendee(OTHER).getByRole('cell', { name: '缺席', exact: true }).waitFor()
    await drawer.getByRole('tab', { name: '会议记录' }).click()
    const minutes = drawer.getByRole('tabpanel', { name: '会议记录' })
    await minutes.getByLabel('会议记录').fill('一、传达学习组织生活制度。\n二、研究本月党员教育安排。')
    await minutes.getByLabel('会议决议').fill('按期召开支部委员会。')
    await minutes.getByRole('button', { name: /保存会议记录/ }).click()
    await said('会议记录已保存')
    await minutes.getByText(/首次记录于/).waitFor()
    // 下载会议记录: the Word record carries the minutes.
    const [record] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: /下载会议记录/ }).click()])
    assert.match(record.suggestedFilename(), new RegExp(`^${BRANCH}支部委员会会议记录-\\d{8}\\.docx$`))
    const document = zipEntry(readFileSync(await record.path()), 'word/document.xml')?.toString('utf8') ?? ''
    for (const text of ['传达学习组织生活制度', '按期召开支部委员会', MEMBER.name]) assert.ok(document.includes(text), `${text} in the record`)

    await drawer.getByRole('tab', { name: '照片和附件' }).click()
    const files = drawer.getByRole('tabpanel', { name: '照片和附件' })
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), files.getByRole('button', { name: /上传照片/ }).click()])
    await chooser.setFiles({ name: '会议现场.png', mimeType: 'image/png', buffer: png(64, 48, [200, 30, 30]) })
    await files.getByRole('img', { name: '会议现场.png' }).waitFor()
    await screenshot(page, 'orglife-05-photo')

    // 结束 sent the receipt, a questionnaire of 问卷管理, to the members on the list: the member opens it from the
    // message on a phone, answers, and the secretary reads the answer in the 回执 tab and exports it.
    const { token: memberToken } = await login(base, MEMBER.username, MEMBER.password)
    const inbox = (await call(base, 'GET', '/api/msgPushHistory/list?size=20', { token: memberToken })).content
    const told = inbox.find((m) => m.title === `会议回执：${TOPIC}`)
    assert.ok(told?.link?.startsWith('/questionnaire/s/'), JSON.stringify(inbox.map((m) => [m.title, m.link])))
    const receiptBrowser = await openBrowser(PHONE)
    try {
      const phone = await receiptBrowser.context.newPage()
      await phone.goto(`${base}/web${told.link}`)
      await phone.waitForURL(/\/web\/login\?redirect=/)
      await signIn(phone, MEMBER.username, MEMBER.password)
      await phone.getByRole('heading', { name: `会议回执：${TOPIC}` }).waitFor()
      await phone.getByText(`主持人：${SECRETARY.name}`).waitFor() // the meeting's facts introduce it
      const question = (title) => phone.locator('[id^="ballot-q-"]', { hasText: title })
      await question('满意度').getByText('基本满意', { exact: true }).tap()
      await question('收获体会').getByRole('textbox').fill('明确了本月党员教育安排')
      await phone.getByRole('button', { name: /提交问卷/ }).tap()
      await phone.locator('.ant-modal-confirm').getByRole('button', { name: /提\s*交/ }).tap()
      await phone.getByText('您已填写本问卷').waitFor()
      await screenshot(phone, 'orglife-06-phone-receipt')
    } finally {
      await receiptBrowser.close()
    }
    await drawer.getByRole('tab', { name: '回执' }).click()
    const receipt = drawer.getByRole('tabpanel', { name: '回执' })
    await receipt.getByRole('img', { name: '满意度：满意0人，基本满意1人，不满意0人' }).waitFor()
    // 收获体会's card lists the texts with their writer; 每人回执 each member's whole answer.
    await receipt.getByRole('row').filter({ hasText: '明确了本月党员教育安排' }).filter({ hasNotText: '基本满意' })
      .getByRole('cell', { name: MEMBER.name, exact: true }).waitFor()
    const answered = receipt.getByRole('row').filter({ hasText: '明确了本月党员教育安排' }).filter({ hasText: '基本满意' })
    await answered.getByRole('cell', { name: MEMBER.name, exact: true }).waitFor()
    await answered.getByRole('cell', { name: '已签到', exact: true }).waitFor() // their attendance beside the answer
    const [workbook] = await Promise.all([page.waitForEvent('download'), receipt.getByRole('button', { name: /导出回执/ }).click()])
    assert.match(workbook.suggestedFilename(), new RegExp(`^会议回执：${TOPIC}-答卷-\\d{8}\\.xlsx$`))
    await screenshot(page, 'orglife-07-receipt')

    // The list shows the meeting held: 3 expected, 1 present, none on leave.
    await drawer.locator('.ant-drawer-close').click()
    await drawer.waitFor({ state: 'detached' })
    const listed = page.locator('.crud-table tbody tr', { hasText: TOPIC })
    await listed.getByText('已结束', { exact: true }).waitFor()
    await listed.getByText('3 / 1 / 0', { exact: true }).waitFor()

    // 会议统计: this month's 支部委员会 is done.
    await side.getByText('会议统计', { exact: true }).click()
    await page.waitForURL(/\/web\/orglife\/hytj/)
    await (await cell()).getByText('已完成').waitFor()
    await screenshot(page, 'orglife-08-calendar-after')
  })
})
