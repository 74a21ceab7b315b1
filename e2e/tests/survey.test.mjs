// End-to-end 问卷管理 on a fresh database: a committee, its branch and three members with accounts are set up
// over the API. In the browser the admin designs a named questionnaire in the designer — a required single
// choice, a multiple choice asked only after one answer of the first (skip logic), a rating and an optional
// text — tries the skip logic in the preview, saves it and publishes it to the branch (3 accounts told). Two
// members open the public link on phones: signed out, it leads to the login page and back (甲 through the
// forced change of the initial password; 乙's is changed over the API); a link with a wrong token is refused.
// 甲 answers with the multiple choice shown, 乙 without it; 乙 had the paper open in a second tab too, and
// the answer sent from there is refused with the page's message, which stays in sight. The admin is not in
// the audience (refused), then opens the results: the counts per option and the rating's average agree with
// the server's results and with what was answered, the charts say the same, the text answer is listed with
// its author, and the export downloads a workbook holding both answers with their names. (The anonymous path, the ballot engine's, is covered by internal/survey's Go tests.)
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe } from 'node:test'
import { adminScenario, firstSignIn, signIn, signInAdmin } from '../lib/admin.mjs'
import { call, setPassword } from '../lib/api.mjs'
import { clickUntilSent, openBrowser, PHONE, screenshot } from '../lib/browser.mjs'
import { idNumber, readSheet } from '../lib/xlsx.mjs'

const ROOT = '中共问卷测试大学委员会'
const BRANCH = '问卷测试教工党支部'
const MEMBERS = [
  { name: '问卷甲', no: 'E2EW001', id: idNumber('42010219800101561') },
  { name: '问卷乙', no: 'E2EW002', id: idNumber('42010219810202672') },
  { name: '问卷丙', no: 'E2EW003', id: idNumber('42010219820303783') },
]
const NEW_PASSWORD = 'Wenjuan#2026new'
const TITLE = '支部组织生活满意度调查'
const Q = {
  single: { title: '您参加支部组织生活的频率', options: ['每月都参加', '偶尔参加', '很少参加'] },
  multiple: { title: '您希望增加哪些活动形式', options: ['专题党课', '实践参观', '志愿服务'] },
  rating: { title: '对本支部组织生活的满意度' },
  text: { title: '意见和建议' },
}
const SUGGESTION = '希望多组织实践参观活动'

describe('问卷管理: a named questionnaire designed, answered on phones, and its results', () => {
  const initial = {}
  let link = ''
  const s = adminScenario(async ({ server, token }) => {
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'WJU', name: ROOT, type: '1' })
    const branch = (await post('/api/dzzxx', { code: 'WJB01', name: BRANCH, type: '5', pid: root.id })).id
    // A second branch, so that checking the first alone does not check the whole committee.
    await post('/api/dzzxx', { code: 'WJB02', name: '问卷测试学生党支部', type: '5', pid: root.id })
    for (const m of MEMBERS) {
      await post('/api/dyjbxx', {
        name: m.name, idNumber: m.id, orgId: branch, staffOrStudentNo: m.no,
        partyStatus: '1', personCategory: '2', personType: '2', joinedOn: '2013-06-30',
      })
    }
    const batch = await post('/api/dyjbxx/accounts', { orgId: branch })
    for (const c of batch.created) initial[c.username] = c.initialPassword
  })
  const { it } = s

  /** The questionnaire as the server lists it. */
  const listed = async () => {
    const page = await call(s.server.base, 'GET', `/api/wj?blurry=${encodeURIComponent(TITLE)}`, { token: s.token })
    assert.equal(page.totalElements, 1)
    return page.content[0]
  }

  it('the admin designs the questionnaire, previews its skip logic and publishes it to the branch', async () => {
    const { page, server } = s
    assert.equal(Object.keys(initial).length, 3, `accounts ${JSON.stringify(initial)}`)
    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/orglife/wj`)
    await page.getByRole('button', { name: '新建问卷' }).click()
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新建问卷' })
    await drawer.getByLabel('问卷标题').fill(TITLE)
    const pick = async (field, name) => {
      await drawer.locator(`.ant-form-item:has(#${field}) .ant-select`).click()
      await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click()
    }
    await pick('orgId', ROOT)
    // 发放范围 defaults to 按党组织: the branch's members.
    await drawer.getByLabel('按党组织').waitFor()
    assert.ok(await drawer.getByLabel('按党组织').isChecked())
    await pick('orgs', BRANCH)
    await page.keyboard.press('Escape')

    const card = (n) => drawer.locator('.ant-card').filter({ has: page.getByLabel(`第${n}题题目`) })
    const options = async (n, labels) => {
      for (const [i, label] of labels.entries()) {
        if (i >= 2) await card(n).getByRole('button', { name: /添加选项/ }).click()
        await card(n).getByLabel(`选项${i + 1}`, { exact: true }).fill(label)
      }
    }
    // The new paper starts with a single choice, required.
    await card(1).getByLabel('第1题题目').fill(Q.single.title)
    await options(1, Q.single.options)
    assert.ok(await card(1).getByLabel('必答').isChecked())
    await drawer.getByRole('button', { name: /多选题/ }).click()
    await card(2).getByLabel('第2题题目').fill(Q.multiple.title)
    await options(2, Q.multiple.options)
    await card(2).getByLabel('第2题显示条件').click()
    await page.locator('.ant-select-dropdown:visible').getByText(`第1题选“${Q.single.options[0]}”`).click()
    await drawer.getByRole('button', { name: /评分题/ }).click()
    await card(3).getByLabel('第3题题目').fill(Q.rating.title)
    await drawer.getByRole('button', { name: /填空题/ }).click()
    await card(4).getByLabel('第4题题目').fill(Q.text.title)
    await card(4).getByLabel('必答').uncheck()

    // 预览: the multiple choice is asked only after its answer of the first.
    await drawer.getByRole('button', { name: /预\s*览/ }).click()
    const preview = page.locator('.ant-modal').filter({ hasText: '预览' })
    await preview.getByText(TITLE).waitFor()
    await preview.getByText(`3. ${Q.rating.title}`).waitFor()
    assert.equal(await preview.getByText(Q.multiple.title).count(), 0)
    await preview.getByText(Q.single.options[0], { exact: true }).click()
    await preview.getByText(`2. ${Q.multiple.title}`).waitFor()
    await screenshot(page, 'survey-01-preview')
    await preview.getByText(Q.single.options[1], { exact: true }).click()
    await preview.getByText(Q.multiple.title).waitFor({ state: 'detached' })
    await preview.locator('.ant-modal-close').click()
    await preview.waitFor({ state: 'detached' })

    await drawer.getByRole('button', { name: /保\s*存/ }).click()
    await page.getByText('问卷已保存').waitFor()
    await drawer.waitFor({ state: 'detached' })
    const row = page.locator('.ant-table-tbody tr', { hasText: TITLE })
    await row.getByText('未发布').waitFor()
    const draft = await call(server.base, 'GET', `/api/wj/${(await listed()).id}`, { token: s.token })
    assert.deepEqual(draft.paper.questions.map((q) => [q.kind, q.title, !!q.required]), [
      ['single', Q.single.title, true], ['multiple', Q.multiple.title, true], ['rating', Q.rating.title, true], ['text', Q.text.title, false],
    ])
    assert.deepEqual(draft.paper.questions[1].showIf, { question: draft.paper.questions[0].key, option: draft.paper.questions[0].options[0].key })
    assert.deepEqual(draft.targetNames, [BRANCH])

    await row.getByRole('button', { name: /发\s*布/ }).click()
    const publish = page.locator('.ant-modal').filter({ hasText: `发布问卷：${TITLE}` })
    await publish.getByRole('button', { name: /发\s*布/ }).click()
    const done = page.locator('.ant-modal').filter({ hasText: '问卷已发布' })
    await done.getByText('已通知发放范围内的 3 人（消息中心）').waitFor()
    link = (await done.locator('code').innerText()).trim()
    const published = await listed()
    assert.equal(link, `${server.base}/web${published.link}`)
    assert.match(published.link, /^\/questionnaire\/s\/[0-9a-f]{32}$/)
    await screenshot(page, 'survey-02-published')
    await done.getByRole('button', { name: /完\s*成/ }).click()
    await row.getByText('收集中').waitFor()
    await row.getByText('0 / 3').waitFor()
  })

  /** On the survey page: the answers of a paper (the single choice, the multiple's, the rating's stars, the text). */
  async function answer(page, { single, multiple = [], stars, text }) {
    await page.bringToFront()
    const question = (title) => page.locator('[id^="ballot-q-"]', { hasText: title })
    await question(Q.single.title).getByText(single, { exact: true }).click()
    if (single === Q.single.options[0]) for (const o of multiple) await question(Q.multiple.title).getByText(o, { exact: true }).click()
    else assert.equal(await question(Q.multiple.title).count(), 0, 'the multiple choice is skipped')
    await question(Q.rating.title).locator('.ant-rate-star').nth(stars - 1).click()
    if (text) await question(Q.text.title).getByRole('textbox').fill(text)
  }
  // The tab in front, as a person switching tabs has it: a background tab's animation frames are throttled, and
  // on a loaded machine the confirmation's button was clicked before it could take the click. The answer's
  // response is awaited with the click, so a lost submission fails here, naming its status.
  // The confirmation is clicked until the answer is sent (clickUntilSent: a click it did not take is repeated).
  async function submit(page) {
    await page.bringToFront()
    await page.getByRole('button', { name: /提交问卷/ }).click()
    const confirm = page.locator('.ant-modal-confirm').getByRole('button', { name: /提\s*交/ })
    const answered = await clickUntilSent(page, confirm, (r) => r.request().method() === 'POST' && r.url().includes('/api/wj/link/'))
    return answered.status()
  }

  it('甲 opens the link on a phone, signs in through it, and answers with the skipped question asked', async () => {
    const phone = await openBrowser(PHONE)
    try {
      const page = await phone.context.newPage()
      await page.goto(link)
      await page.waitForURL(/\/web\/login\?redirect=/)
      const m = MEMBERS[0]
      await firstSignIn(page, m.no, initial[m.no], NEW_PASSWORD)
      await page.getByRole('heading', { name: TITLE }).waitFor()
      assert.equal(page.url(), link)
      await page.getByText(ROOT).waitFor()
      await answer(page, { single: Q.single.options[0], multiple: [Q.multiple.options[0], Q.multiple.options[2]], stars: 4, text: SUGGESTION })
      await page.getByText('4/4', { exact: true }).waitFor() // the progress: the skipped question asked, all four answered
      await screenshot(page, 'survey-03-phone-paper')
      assert.equal(await submit(page), 200)
      await page.getByText('您已填写本问卷').waitFor()

      // Only a valid link opens a questionnaire.
      await page.goto(link.replace(/[0-9a-f]{32}$/, '0'.repeat(32)))
      await page.getByText('问卷链接无效或已停止收集').waitFor()
    } finally {
      await phone.close()
    }
  })

  it('乙 answers without the skipped question; the same answer from a second tab is refused', async () => {
    const phone = await openBrowser(PHONE)
    try {
      // 甲 went through the forced change of the initial password; 乙's is changed over the API, and the
      // link leads to the login page and back all the same.
      const m = MEMBERS[1]
      await setPassword(s.server.base, m.no, initial[m.no], NEW_PASSWORD)
      const page = await phone.context.newPage()
      await page.goto(link)
      await signIn(page, m.no, NEW_PASSWORD)
      await page.getByRole('heading', { name: TITLE }).waitFor()
      assert.equal(page.url(), link)
      // The paper open in a second tab of the same session, before the first answer.
      const again = await phone.context.newPage()
      await again.goto(link)
      await again.getByRole('button', { name: /提交问卷/ }).waitFor()

      await answer(page, { single: Q.single.options[1], stars: 5 })
      await page.getByText('2/3', { exact: true }).waitFor() // the progress: three questions asked (one skipped), the text left empty
      assert.equal(await submit(page), 200)
      await page.getByText('您已填写本问卷').waitFor()

      await answer(again, { single: Q.single.options[2], stars: 2 })
      assert.equal(await submit(again), 409)
      await again.getByText('您已经填写过本问卷，每人只能填写一次').waitFor()
      await again.getByText('您已填写本问卷').waitFor()
      await again.locator('.ant-modal-confirm').waitFor({ state: 'detached' })
      await screenshot(again, 'survey-04-phone-refused')
    } finally {
      await phone.close()
    }
  })

  it('the admin, outside the audience, is refused at the link, and reads the results and the export', async () => {
    const { page, server, token } = s
    await page.goto(link)
    await page.getByText('您不在本问卷的填写范围内').waitFor()

    const { id } = await listed()
    const r = await call(server.base, 'GET', `/api/wj/${id}/results`, { token })
    assert.equal(r.ready, true)
    assert.deepEqual([r.answers, r.audience], [2, 3])
    const [single, multiple, rating, text] = r.questions
    const counts = (q) => q.options.map((o) => [o.label, o.count])
    assert.deepEqual(counts(single), [[Q.single.options[0], 1], [Q.single.options[1], 1], [Q.single.options[2], 0]])
    assert.equal(multiple.answered, 1) // asked of 甲 only
    assert.deepEqual(counts(multiple), [[Q.multiple.options[0], 1], [Q.multiple.options[1], 0], [Q.multiple.options[2], 1]])
    assert.deepEqual([rating.answered, rating.average], [2, 4.5])
    assert.deepEqual(counts(rating), [['1分', 0], ['2分', 0], ['3分', 0], ['4分', 1], ['5分', 1]])
    assert.deepEqual([text.answered, text.texts], [1, 1])

    await page.goto(`${server.base}/web/orglife/wj`)
    const row = page.locator('.ant-table-tbody tr', { hasText: TITLE })
    await row.getByText('2 / 3').waitFor()
    await row.getByRole('button', { name: /结\s*果/ }).click()
    const drawer = page.locator('.ant-drawer').filter({ hasText: `问卷结果：${TITLE}` })
    const card = (n, title) => drawer.locator('.ant-card').filter({ hasText: `${n}. ${title}` })
    // Each chart says what it draws: the option counts as the server has them.
    for (const [n, q] of [[1, single], [2, multiple], [3, rating]]) {
      await card(n, q.title).getByRole('img', { name: `${q.title}：${q.options.map((o) => `${o.label}${o.count}人`).join('，')}`, exact: true }).waitFor()
      await card(n, q.title).getByText(`作答 ${q.answered} 人`).waitFor()
    }
    // echarts draws once its container has a size: under load that comes after the labels, so wait for the canvas.
    await card(1, Q.single.title).locator('canvas').first().waitFor()
    assert.equal(await card(1, Q.single.title).locator('canvas').count(), 1, 'echarts drew the chart')
    await card(2, Q.multiple.title).locator('tr', { hasText: Q.multiple.options[2] }).getByText('100.0%').waitFor()
    await card(3, Q.rating.title).getByText('4.50').waitFor()
    const written = card(4, Q.text.title).locator('.ant-table-tbody tr', { hasText: SUGGESTION })
    await written.getByText(MEMBERS[0].name).waitFor()
    await screenshot(page, 'survey-05-results')

    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: '导出全部答卷' }).click()])
    assert.match(download.suggestedFilename(), new RegExp(`^${TITLE}-答卷-\\d{8}\\.xlsx$`))
    // The title, the header, and the two answers in the order they came, named, the skipped question empty.
    const [title, header, ...answers] = readSheet(readFileSync(await download.path()))
    assert.deepEqual(title, [TITLE])
    assert.deepEqual(header, ['序号', '姓名', '提交时间', ...[Q.single, Q.multiple, Q.rating, Q.text].map((q, i) => `${i + 1}. ${q.title}`)])
    const cells = answers.map((r) => header.map((_, i) => r[i] ?? ''))
    for (const r of cells) assert.match(r[2], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    assert.deepEqual(cells.map((r) => [r[0], r[1], ...r.slice(3)]), [
      ['1', MEMBERS[0].name, Q.single.options[0], `${Q.multiple.options[0]}、${Q.multiple.options[2]}`, '4', SUGGESTION],
      ['2', MEMBERS[1].name, Q.single.options[1], '', '5', ''],
    ])
  })
})
