// End-to-end 填报 on a fresh database: a branch of two members with accounts is set up over the API. On 填报表单管理
// the admin designs a form — a required text, a number with a range, a single choice and a multi-line text,
// the default deadline a week ahead, the branch's members as the audience — and publishes it to both. Member 甲
// signs in (changing the initial password), opens 我的填报 from the member's navigation, meets the checks next to
// the fields (a missing required answer, a number out of range), saves a draft and submits. On 填报信息管理 the
// admin sees 甲 已提交 and 乙 未填报, reminds 乙 (the reminder lands in 乙's message centre) and sends 甲's entry
// back with a comment; 甲 reads the comment, corrects the answer and submits again; the admin passes it and
// exports every answer: the workbook holds 甲's corrected answers and 乙 未填报, as the server counts them.
import assert from 'node:assert/strict'
import { after, describe } from 'node:test'
import { adminScenario, firstSignIn, openMemberEntry, signInAdmin } from '../lib/admin.mjs'
import { call, login, setPassword } from '../lib/api.mjs'
import { itWithScreenshot, openBrowser, screenshot } from '../lib/browser.mjs'
import { idNumber, readSheet } from '../lib/xlsx.mjs'

const ROOT = '中共填报测试大学委员会'
const BRANCH = '填报测试教工党支部'
const A = { name: '端到端填报甲', no: 'E2ET001', id: idNumber('42010219850101123'), password: 'Tianbao#2026jia' }
const B = { name: '端到端填报乙', no: 'E2ET002', id: idNumber('42010219860202234'), password: 'Tianbao#2026yi' }
const TITLE = '2026年党员志愿服务情况统计'
const FIELDS = { unit: '工作单位', hours: '志愿服务时长（小时）', joined: '是否参加主题党日', advice: '意见建议' }
const COMMENT = '工作单位请写全称（含学院）'

/** The China day n days from today (YYYY-MM-DD): the users' clock. */
const chinaDay = (n = 0) => new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10)

describe('填报: a form from design to export, with a draft, a reminder and a send-back', () => {
  const initial = {}
  let formId = 0
  const s = adminScenario(async ({ server, token }) => {
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'TXBDU', name: ROOT, type: '1' })
    const branch = (await post('/api/dzzxx', { code: 'TXBDB01', name: BRANCH, type: '5', pid: root.id })).id
    for (const m of [A, B]) {
      await post('/api/dyjbxx', {
        name: m.name, idNumber: m.id, orgId: branch, staffOrStudentNo: m.no,
        partyStatus: '1', personCategory: '2', personType: '2', joinedOn: '2012-06-30',
      })
    }
    const batch = await post('/api/dyjbxx/accounts', { orgId: branch })
    for (const c of batch.created) initial[c.username] = c.initialPassword
  })
  const { it } = s
  // 甲 works in a browser of their own, beside the admin's (each keeps its session).
  let member
  after(() => member?.close())
  const itMember = itWithScreenshot(() => s.memberPage)
  const api = (method, path, body) => call(s.server.base, method, path, { token: s.token, body })
  /** The form item labelled exactly `label` inside `scope` (a page or a locator). */
  const item = (scope, label) => {
    const page = typeof scope.page === 'function' ? scope.page() : scope
    return scope.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}$`) }) })
  }
  /** A message the page pops up (page: the admin's unless given). */
  const said = (text, page = s.page) => page.locator('.ant-message').getByText(text).waitFor()
  const entries = async () => Object.fromEntries((await api('GET', `/api/txbd/forms/${formId}/entries?size=10`)).content.map((e) => [e.name, e]))

  it('the admin designs the form and publishes it to the branch\'s members', async () => {
    const { page, server } = s
    assert.deepEqual(Object.keys(initial).sort(), [A.no, B.no])
    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/orglife/txbdgl`)
    await page.getByRole('button', { name: '新建表单' }).click()
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新建表单' })
    await item(drawer, '表单名称').locator('input').fill(TITLE)
    await item(drawer, '填报说明').locator('textarea').fill('请如实填写本年度参加志愿服务的情况。')
    const pickOrg = async (label, name) => {
      await item(drawer, label).locator('.ant-select').click()
      await page.locator('.ant-select-tree-title:visible').getByText(name, { exact: true }).click()
      await item(drawer, label).locator('.ant-select', { hasText: name }).waitFor()
    }
    await pickOrg('发送单位', ROOT)
    // The default deadline: a week ahead, 17:00 (the users' clock).
    const deadline = `${chinaDay(7)} 17:00`
    assert.equal(await item(drawer, '截止时间').locator('input').inputValue(), deadline)
    await drawer.getByRole('radio', { name: '党员', exact: true }).check()
    await pickOrg('党组织', BRANCH)

    const add = (kind) => drawer.getByRole('button', { name: new RegExp(`${kind}$`) }).click()
    await add('单行文本')
    await drawer.getByLabel('第1项名称').fill(FIELDS.unit)
    await drawer.getByTestId('field-1').getByRole('checkbox', { name: '必填' }).check()
    await add('数字')
    await drawer.getByLabel('第2项名称').fill(FIELDS.hours)
    await drawer.getByLabel('第2项最小值').fill('0')
    await drawer.getByLabel('第2项最大值').fill('200')
    await drawer.getByLabel('第2项小数位数').fill('1')
    await add('单选')
    await drawer.getByLabel('第3项名称').fill(FIELDS.joined)
    await drawer.getByLabel('第3项选项').fill('是\n否')
    await add('多行文本')
    await drawer.getByLabel('第4项名称').fill(FIELDS.advice)
    await screenshot(page, 'fillform-01-design')
    await drawer.getByRole('button', { name: /确\s*定/ }).click()
    await said('表单已保存为草稿')
    await drawer.waitFor({ state: 'detached' })

    const row = page.locator('.ant-table-tbody tr', { hasText: TITLE })
    await row.getByText('草稿', { exact: true }).waitFor()
    const listed = await api('GET', '/api/txbd/forms?size=10')
    assert.equal(listed.totalElements, 1)
    const draft = listed.content[0]
    formId = draft.id
    assert.deepEqual(draft.fields.map((f) => [f.label, f.kind, f.required]),
      [[FIELDS.unit, 'text', true], [FIELDS.hours, 'number', false], [FIELDS.joined, 'single', false], [FIELDS.advice, 'textarea', false]])
    assert.deepEqual([draft.fields[1].min, draft.fields[1].max, draft.fields[1].decimals, draft.fields[2].options], [0, 200, 1, ['是', '否']])
    assert.deepEqual([draft.audience, draft.mode], ['members', 'subtree'])

    await row.getByRole('button', { name: '发布' }).click()
    const confirm = page.locator('.ant-modal-confirm')
    await confirm.getByText(`“${TITLE}”将发送给 2 个填报对象`).waitFor()
    await confirm.getByRole('button', { name: /发\s*布/ }).click()
    await said('表单已发布')
    await row.getByText('填报中', { exact: true }).waitFor()
    await row.getByRole('cell', { name: '0/2', exact: true }).waitFor()
    assert.equal(await row.getByRole('cell', { name: deadline, exact: true }).count(), 1)
    await screenshot(page, 'fillform-02-published')
    const sent = await entries()
    assert.deepEqual([sent[A.name]?.stateName, sent[B.name]?.stateName], ['未填报', '未填报'])
  })

  itMember('甲 meets the checks, saves a draft and submits', async () => {
    const { server } = s
    member = await openBrowser()
    const page = await member.context.newPage()
    s.memberPage = page
    await page.goto(`${server.base}/web/login`)
    await firstSignIn(page, A.no, initial[A.no], A.password)
    await openMemberEntry(page, '我的填报', '填报评议')
    await page.waitForURL(/\/web\/list-home\/myForms/)
    const listed = page.locator('.ant-list-item', { hasText: TITLE })
    await listed.getByText('未填报').waitFor()
    await listed.getByRole('button', { name: '填报' }).click()
    await page.getByRole('heading', { name: TITLE }).waitFor()

    // A number out of range and the required text left empty: the page says so next to each, and nothing is sent.
    await item(page, FIELDS.hours).locator('input').fill('250')
    await item(page, FIELDS.hours).getByText(`“${FIELDS.hours}”不能大于200`).waitFor()
    await page.getByRole('button', { name: /提\s*交/ }).click()
    await item(page, FIELDS.unit).getByText(`请填写“${FIELDS.unit}”`).waitFor()
    await screenshot(page, 'fillform-03-checks')
    assert.equal((await entries())[A.name].state, 1, 'nothing sent')

    // A draft may leave the required answer empty; it is kept as entered.
    await item(page, FIELDS.hours).locator('input').fill('12.5')
    await item(page, FIELDS.hours).locator('.ant-form-item-explain-error').waitFor({ state: 'detached' })
    await page.getByLabel('是', { exact: true }).check()
    await page.getByRole('button', { name: /保存草稿/ }).click()
    await said('草稿已保存', page)
    await page.locator('.ant-tag', { hasText: /^草稿$/ }).waitFor()
    const draft = (await entries())[A.name]
    assert.equal(draft.stateName, '草稿')
    assert.deepEqual(draft.answers, { f2: '12.5', f3: '是' })

    // The page shows the entry as the server now holds it (read again after the save).
    assert.equal(await item(page, FIELDS.hours).locator('input').inputValue(), '12.5')
    await item(page, FIELDS.unit).locator('input').fill('计算机学院')
    await item(page, FIELDS.advice).locator('textarea').fill('希望多组织社区服务。')
    await page.getByRole('button', { name: /提\s*交/ }).click()
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /提\s*交/ }).click()
    await said('填报已提交', page)
    await page.locator('.ant-tag', { hasText: /^已提交$/ }).waitFor()
    await page.getByRole('button', { name: /保存草稿/ }).waitFor({ state: 'detached' })
    assert.equal(await item(page, FIELDS.unit).locator('input').isDisabled(), true)
    await screenshot(page, 'fillform-04-submitted')
  })

  it('the admin follows up: reminds 乙 and sends 甲\'s entry back with a comment', async () => {
    const { page, server } = s
    await page.goto(`${server.base}/web/orglife/txbdxx`)
    await page.getByRole('button', { name: TITLE }).click()
    await page.getByRole('heading', { name: TITLE }).waitFor()
    await page.locator('.ant-descriptions-row', { hasText: '未提交' }).getByText('1（其中已退回 0）').waitFor()
    const rowOf = (name) => page.locator('.ant-table-tbody tr', { hasText: name })
    await rowOf(A.name).getByText('已提交', { exact: true }).waitFor()
    await rowOf(B.name).getByText('未填报', { exact: true }).waitFor()
    // 甲's row cannot be chosen for a reminder (submitted).
    assert.equal(await rowOf(A.name).locator('input[type=checkbox]').isDisabled(), true)

    await rowOf(B.name).locator('input[type=checkbox]').check()
    await page.getByRole('button', { name: '提醒选中（1）' }).click()
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '向选中的 1 个填报对象中尚未提交的发送提醒消息？' })
    await ask.getByRole('button', { name: '发送提醒' }).click()
    await said('已提醒1个填报对象，发送消息1条')
    await rowOf(B.name).getByRole('cell', { name: chinaDay(), exact: true }).waitFor()
    await screenshot(page, 'fillform-05-reminded')

    // The reminder is in 乙's message centre (the first use of the account changes its password).
    await setPassword(server.base, B.no, initial[B.no], B.password)
    const { token: bToken } = await login(server.base, B.no, B.password)
    const inbox = (await call(server.base, 'GET', '/api/msgPushHistory/list?size=20', { token: bToken })).content
    const reminder = inbox.find((m) => m.title === `填报提醒：${TITLE}`)
    assert.ok(reminder, JSON.stringify(inbox.map((m) => m.title)))
    assert.equal(reminder.link, '/list-home/myForms')
    assert.match(reminder.content, new RegExp(`将于${chinaDay(7)} 17:00截止，您尚未提交`))
    assert.ok(inbox.some((m) => m.title === `新的填报任务：${TITLE}`), 'the publication was announced too')

    await rowOf(A.name).getByRole('button', { name: '审核' }).click()
    const drawer = page.locator('.ant-drawer').filter({ hasText: `${A.name} · ${TITLE}` })
    await drawer.locator('.ant-descriptions-row', { hasText: FIELDS.unit }).getByText('计算机学院').waitFor()
    await drawer.locator('.ant-descriptions-row', { hasText: FIELDS.hours }).getByText('12.5').waitFor()
    await drawer.getByRole('button', { name: /退\s*回/ }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '退回填报' })
    await dialog.getByLabel('退回原因').fill(COMMENT)
    await dialog.getByRole('button', { name: /退\s*回/ }).click()
    await said('已退回')
    await drawer.getByText(`退回原因：${COMMENT}`).waitFor()
    await drawer.locator('.ant-drawer-close').click()
    await rowOf(A.name).getByText('已退回', { exact: true }).waitFor()
    await page.locator('.ant-descriptions-row', { hasText: '未提交' }).getByText('2（其中已退回 1）').waitFor()
  })

  itMember('甲 reads the comment, corrects the answer and submits again', async () => {
    const page = s.memberPage
    await page.getByRole('button', { name: '返回' }).click()
    const listed = page.locator('.ant-list-item', { hasText: TITLE })
    await listed.getByText('已退回').waitFor()
    await listed.getByRole('button', { name: '填报' }).click()
    await page.getByText(`填报被退回：${COMMENT}`).waitFor()
    await screenshot(page, 'fillform-06-returned')
    assert.equal(await item(page, FIELDS.unit).locator('input').inputValue(), '计算机学院')
    await item(page, FIELDS.unit).locator('input').fill('计算机学院软件工程系')
    await page.getByRole('button', { name: /提\s*交/ }).click()
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /提\s*交/ }).click()
    await said('填报已提交', page)
    await page.locator('.ant-tag', { hasText: /^已提交$/ }).waitFor()
    await page.getByText(`填报被退回：${COMMENT}`).waitFor({ state: 'detached' })
  })

  it('the admin passes the entry and exports every answer', async () => {
    const { page, server } = s
    await page.reload()
    const rowOf = (name) => page.locator('.ant-table-tbody tr', { hasText: name })
    await rowOf(A.name).getByText('已提交', { exact: true }).waitFor()
    await rowOf(A.name).getByRole('button', { name: '审核' }).click()
    const drawer = page.locator('.ant-drawer').filter({ hasText: `${A.name} · ${TITLE}` })
    await drawer.locator('.ant-descriptions-row', { hasText: FIELDS.unit }).getByText('计算机学院软件工程系').waitFor()
    await drawer.getByRole('button', { name: '审核通过' }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '填报人会收到审核通过的消息' })
    await dialog.getByLabel('审核意见（选填）').fill('情况属实')
    await dialog.getByRole('button', { name: /通\s*过/ }).click()
    await said('已审核通过')
    await drawer.getByText('审核意见：情况属实').waitFor()
    await drawer.locator('.ant-drawer-close').click()
    await rowOf(A.name).getByText('已通过', { exact: true }).waitFor()
    await page.locator('.ant-descriptions-row', { hasText: '已提交' }).getByText('1（已通过 1）').waitFor()
    await screenshot(page, 'fillform-07-passed')

    const form = await api('GET', `/api/txbd/forms/${formId}`)
    assert.deepEqual([form.total, form.pending, form.submitted, form.returned, form.passed], [2, 1, 0, 0, 1])

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()])
    assert.equal(download.suggestedFilename(), `${TITLE}填报信息.xlsx`)
    const chunks = []
    for await (const c of await download.createReadStream()) chunks.push(c)
    const rows = readSheet(Buffer.concat(chunks))
    const header = rows.findIndex((r) => r[0] === '序号')
    assert.deepEqual(rows[header], ['序号', '姓名', '所在党组织', '状态', '提交时间', '提交人', '审核意见', ...Object.values(FIELDS)])
    const byName = Object.fromEntries(rows.slice(header + 1).map((r) => [r[1], r]))
    assert.deepEqual(Object.keys(byName).sort(), [A.name, B.name].sort())
    const a = byName[A.name]
    assert.deepEqual([a[2], a[3], a[5], a[6], ...a.slice(7)], [BRANCH, '已通过', A.no, '情况属实', '计算机学院软件工程系', '12.5', '是', '希望多组织社区服务。'])
    assert.match(a[4], new RegExp(`^${chinaDay()} \\d{2}:\\d{2}$`))
    assert.deepEqual(byName[B.name].slice(2, 4), [BRANCH, '未填报'])
  })
})
