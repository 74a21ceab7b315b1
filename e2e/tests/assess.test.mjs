// End-to-end 干部考核 (docs/assess.md) on a fresh database: a unit with two serving cadres is set up over the API. In
// the browser the admin makes a scheme from the defaults in 考核方案 — a changed weight makes the live 权重合计 red and
// the save is refused beside the list until another weight brings the sum back to 1; the 优秀 share is raised to 50%
// so that one of two cadres may keep 优秀. In 干部考核 the admin creates a round on it, adds the unit's cadres, writes
// one 述职报告, draws 2 one-time codes for the unit's 教职工代表 and opens the round: the codes' modal shows two links.
// Two phones open the links without signing in, read the 述职报告, and answer every level and score differently; a
// used link, opened again, says it is used. Back at the desk the 测评 tab counts 2/2, 结束测评 computes the scores:
// the comprehensive scores are those of the formula worked here from the answers and the scheme, the grades those of
// the thresholds under the cap; 确认结果 writes the grades to the cadres' 年度考核, seen in 干部信息库.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signInAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { ARTIFACTS, openBrowser, PHONE, screenshot } from '../lib/browser.mjs'

const ROOT = '中共考核测试大学委员会'
const UNIT = '考核测试学院'
const YEAR = new Date(Date.now() + 8 * 3600e3).getUTCFullYear() // the year in China, the forms' default
const CADRES = [
  { name: '考核甲', post: '院长', birthOn: '1975-03-01', level: '3' },
  { name: '考核乙', post: '副院长', birthOn: '1978-05-01', level: '4' },
]
const SCHEME = `${YEAR}年度考核测试学院中层干部考核方案`
const ROUND = `${YEAR}年度考核测试学院干部考核`
const REPORT = '一年来，带领学院完成学科评估材料报送，新增国家级一流本科课程两门。'

// The defaults (GET /schemes/defaults) as this walk edits them: 德 0.2 → 0.25 and 勤 0.15 → 0.1; 绩 splits into its
// two score sub-indicators (0.6 and 0.4). Weights in ten-thousandths, so that the sums below are exact.
const WEIGHTS = { de: 2500, neng: 2000, qin: 1000, ji1: 3000 * 0.6, ji2: 3000 * 0.4, lian: 1500 }
const LEVELS = { 优秀: 95, 称职: 80, 基本称职: 65, 不称职: 40 }
const LEVEL_ROWS = { de: '德', neng: '能', qin: '勤', lian: '廉' }
const SCORE_ROWS = { ji1: '绩：目标任务完成情况', ji2: '绩：工作创新与成效' }
// Two ballots, each answering both cadres; no ballot gives one level to every level answer (the uniform rule).
const BALLOTS = [
  [
    { de: '优秀', neng: '称职', qin: '优秀', lian: '优秀', ji1: 90, ji2: 85 },
    { de: '称职', neng: '称职', qin: '基本称职', lian: '称职', ji1: 75, ji2: 70 },
  ],
  [
    { de: '优秀', neng: '优秀', qin: '称职', lian: '优秀', ji1: 94, ji2: 88 },
    { de: '称职', neng: '基本称职', qin: '称职', lian: '称职', ji1: 70, ji2: 72 },
  ],
]

/**
 * The comprehensive score of cadre i by docs/assess.md: each leaf's average over the two valid ballots, weighted by the
 * product of the weights down to it; one evaluator group only, so its score is the comprehensive one. Exact in
 * integers (weights in 1/10000, two ballots), rounded half away from zero to two decimals.
 */
function expectedScore(i) {
  let sum = 0 // in 1/(10000·2)
  for (const [leaf, w] of Object.entries(WEIGHTS)) {
    for (const b of BALLOTS) {
      const a = b[i][leaf]
      sum += w * (typeof a === 'number' ? a : LEVELS[a])
    }
  }
  const cents = Math.round(sum / 200) // positive: Math.round is half away from zero
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

describe('干部考核: a scheme, a round for one unit, two one-time links on phones, the scores, the confirmed grade', () => {
  const links = []
  const s = adminScenario(async ({ server, token }) => {
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'KHU', name: ROOT, type: '1' })
    const unit = await post('/api/dwxx', { name: UNIT, code: 'DWKH01', type: '1', leaderName: '张主任', contactPhone: '010-62750000', foundedOn: '1990-09-01', dzzId: root.id })
    s.unitId = unit.id
    s.cadreIds = []
    for (const c of CADRES) {
      const made = await post('/api/gbjbxx', {
        name: c.name, gender: '1', birthOn: c.birthOn, ethnicity: '01', politicalStatus: '01', unitId: unit.id, post: c.post,
        level: c.level, category: '2', status: '2', education: '11', degree: '201',
      })
      s.cadreIds.push(made.id)
    }
  })
  const { it } = s
  const api = (path) => call(s.server.base, 'GET', path, { token: s.token })

  it('考核方案: a scheme from the defaults, refused while its weights do not sum to 1', async () => {
    const { page, server } = s
    await signInAdmin(page, server.base)
    await page.goto(`${server.base}/web/gb/khfa`)
    await page.getByRole('button', { name: '新增方案' }).click()
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新增考核方案' })
    await drawer.getByLabel('方案名称').fill(SCHEME)
    await drawer.locator('.ant-form-item:has(#cadreGroup) .ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByTitle('中层领导班子', { exact: true }).click()

    const total = drawer.getByLabel('一级指标权重合计')
    await total.filter({ hasText: /^一级指标权重合计 1$/ }).waitFor()
    const weight = (n) => drawer.getByLabel('一级指标权重', { exact: true }).nth(n)
    await weight(0).fill('0.25')
    await total.filter({ hasText: /^一级指标权重合计 1\.05$/ }).waitFor()
    assert.match(await total.getAttribute('class'), /ant-tag-red/)
    await drawer.getByLabel('优秀比例上限').fill('50')
    await drawer.getByRole('button', { name: /确\s*定/ }).click()
    await drawer.getByText('一级指标权重合计应为 1，当前为 1.05').waitFor()
    await screenshot(page, 'assess-01-weights-refused')
    assert.equal((await api('/api/gbkh/schemes')).totalElements, 0, 'nothing saved')

    await weight(2).fill('0.1')
    await total.filter({ hasText: /^一级指标权重合计 1$/ }).waitFor()
    assert.match(await total.getAttribute('class'), /ant-tag-green/)
    await drawer.getByText('一级指标权重合计应为 1').waitFor({ state: 'detached' })
    await drawer.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('保存成功').waitFor()
    await drawer.waitFor({ state: 'detached' })
    await page.locator('.ant-table-tbody tr', { hasText: SCHEME }).getByText('第 1 版').waitFor()

    const [listed] = (await api('/api/gbkh/schemes')).content
    const scheme = await api(`/api/gbkh/schemes/${listed.id}`)
    const d = scheme.definition
    assert.deepEqual(d.indicators.map((i) => [i.key, String(i.weight)]), [['de', '0.25'], ['neng', '0.2'], ['qin', '0.1'], ['ji', '0.3'], ['lian', '0.15']])
    assert.deepEqual(d.indicators[3].children.map((c) => [c.key, String(c.weight), c.judge]), [['ji1', '0.6', 'score'], ['ji2', '0.4', 'score']])
    assert.equal(Number(d.excellentShare), 0.5)
    s.schemeId = scheme.id
  })

  it('干部考核: a round with the unit’s cadres, a 述职报告 and 2 one-time codes; 开始测评 shows the two links', async () => {
    const { page, server } = s
    await page.goto(`${server.base}/web/gb/kh`)
    await page.getByRole('button', { name: '新建考核' }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建考核' })
    await dialog.getByLabel('考核名称').fill(ROUND)
    await dialog.locator('.ant-form-item:has(#schemeId) .ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByText(SCHEME).click()
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('已新建考核，请添加参评干部和评价人员').waitFor()

    // The new round's drawer opens at once (?id=).
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: ROUND })
    await drawer.getByRole('tab', { name: '参评干部' }).waitFor()
    await drawer.getByRole('button', { name: '添加干部' }).click()
    const add = page.locator('.ant-modal').filter({ hasText: '添加参评干部' })
    await add.locator('.ant-form-item:has(#unitIds) .ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByText(UNIT).click()
    await page.keyboard.press('Escape')
    await add.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('添加了 2 名干部（已在名单中的不重复添加）').waitFor()
    const cadreRow = (name) => drawer.locator('.ant-table-tbody tr', { hasText: name })
    for (const c of CADRES) await cadreRow(c.name).getByText(c.post).waitFor()

    await cadreRow(CADRES[0].name).getByRole('button', { name: '编辑述职报告' }).click()
    const report = page.locator('.ant-modal').filter({ hasText: `${CADRES[0].name}的述职报告` })
    await report.getByLabel('述职报告').fill(REPORT)
    await report.getByRole('button', { name: /确\s*定/ }).click()
    await report.waitFor({ state: 'detached' })
    await cadreRow(CADRES[0].name).getByText('已填写').waitFor()
    await cadreRow(CADRES[1].name).getByText('未填写').waitFor()

    await drawer.getByRole('tab', { name: '评价人员' }).click()
    await drawer.getByRole('button', { name: '添加评价人员' }).click()
    const draw = page.locator('.ant-modal').filter({ hasText: '添加评价人员' })
    await draw.locator('.ant-form-item:has(#groupKey) .ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByText('教职工代表（权重 0.2）').click()
    await draw.locator('.ant-form-item:has(#source) .ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByText('一次性测评码').click()
    await draw.getByLabel('每单位码数').fill('2')
    await draw.locator('.ant-form-item:has(#unitIds) .ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByText(UNIT).click()
    await page.keyboard.press('Escape')
    await draw.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('已添加评价人员').waitFor()
    const drawRow = drawer.locator('.ant-table-tbody tr', { hasText: '教职工代表' })
    await drawRow.getByText('每单位 2 个测评码').waitFor()

    await drawer.getByRole('tab', { name: '测评' }).click()
    await drawer.getByRole('button', { name: '开始测评' }).click()
    const sure = page.locator('.ant-modal-confirm').filter({ hasText: '共 2 名干部、1 组评价人员' })
    await sure.getByRole('button', { name: /确\s*定/ }).click()
    const codes = page.locator('.ant-modal').filter({ hasText: '一次性测评码（仅显示一次）' })
    await codes.getByText(`${UNIT} · 教职工代表（2 个）`).waitFor()
    const cells = codes.locator('.ant-table-tbody tr td:nth-child(3)')
    for (const text of await cells.allInnerTexts()) links.push(text.trim())
    assert.equal(links.length, 2, `two links: ${links}`)
    for (const l of links) assert.match(l, new RegExp(`^${server.base}/web/cadre/anonymous\\?round=\\d+&code=\\w+$`))
    await screenshot(page, 'assess-02-codes')
    await codes.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click()
    await codes.waitFor({ state: 'detached' })
    await drawer.getByText('教职工代表：0/2').waitFor()
    const round = (await api(`/api/gbkh/rounds?blurry=${encodeURIComponent(ROUND)}`)).content[0]
    assert.equal(round.state, 'evaluating')
    s.roundId = round.id
  })

  /** On the phone: a one-time link's landing, its 述职报告, then the paper answered as `answers` (per cadre) and sent. */
  async function evaluate(page, link, answers) {
    await page.goto(link)
    await page.getByText('干部考核测评').first().waitFor()
    await page.getByText(`${CADRES[0].name} · ${CADRES[0].post}`).click()
    await page.getByText(REPORT).waitFor()
    await page.getByRole('button', { name: '开始测评' }).click()
    await page.waitForURL(/\/web\/cadre\/anonymous\/evaluation\?/)
    await page.getByRole('button', { name: '提交选票' }).waitFor()
    for (const [i, c] of CADRES.entries()) {
      const who = `${c.name}（${c.post}）`
      const matrix = page.locator('[id^="ballot-q-"]').filter({ hasText: who }).filter({ has: page.locator('table') })
      for (const [leaf, label] of Object.entries(LEVEL_ROWS)) {
        const row = matrix.locator('tr').filter({ has: page.locator('td', { hasText: new RegExp(`^${label}$`) }) })
        await row.getByRole('radio', { name: answers[i][leaf], exact: true }).check()
      }
      const scores = page.locator('[id^="ballot-q-"]').filter({ hasText: `${who}：评分` })
      await scores.getByText('请填写0–100之间的整数', { exact: true }).waitFor() // the range said once
      for (const [leaf, label] of Object.entries(SCORE_ROWS)) await scores.getByRole('spinbutton', { name: label }).fill(String(answers[i][leaf]))
    }
    await page.getByText('4/4', { exact: true }).waitFor() // the progress: two questions per cadre, all answered
    await screenshot(page, `assess-03-phone-paper-${links.indexOf(link) + 1}`)
    await page.getByRole('button', { name: '提交选票' }).click()
    const [cast] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/ballot/code/cast')),
      page.locator('.ant-modal-confirm').getByRole('button', { name: /提\s*交/ }).click(),
    ])
    assert.equal(cast.status(), 200, await cast.text())
    await page.getByText('您已投票').waitFor()
  }

  it('two phones answer through the one-time links; a used link says it is used', async () => {
    const phones = await Promise.all(BALLOTS.map(() => openBrowser(PHONE)))
    try {
      const pages = await Promise.all(phones.map((p) => p.context.newPage()))
      for (const [n, page] of pages.entries()) await evaluate(page, links[n], BALLOTS[n])
      // A used link, opened again: its landing says it is used, and its paper that it was answered.
      await pages[0].goto(links[0])
      await pages[0].getByText('该测评链接无效或已使用，不能再测评。如有疑问请联系考核组织者。').waitFor()
      assert.equal(await pages[0].getByRole('button', { name: '开始测评' }).count(), 0)
      await screenshot(pages[0], 'assess-04-phone-used')
      await pages[0].goto(links[0].replace('/cadre/anonymous?', '/cadre/anonymous/evaluation?'))
      await pages[0].getByText('您已投票').waitFor()
      assert.equal(await pages[0].getByRole('button', { name: '提交选票' }).count(), 0)
    } catch (e) {
      // The phones' pages are not the scenario's: keep what they showed.
      for (const [n, p] of phones.entries()) await p.context.pages()[0]?.screenshot({ path: `${ARTIFACTS}/FAILED-assess-phone-${n + 1}.png` }).catch(() => undefined)
      throw e
    } finally {
      await Promise.all(phones.map((p) => p.close()))
    }
  })

  it('the admin ends the evaluation: the scores of the formula, the grades under the cap, confirmed to the cadres’ records', async () => {
    const { page, server } = s
    await page.goto(`${server.base}/web/gb/kh?id=${s.roundId}`)
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: ROUND })
    await drawer.getByText('已提交 2/2').waitFor()
    await drawer.getByText('教职工代表：2/2').waitFor()
    await drawer.getByRole('button', { name: '结束测评' }).click()
    await page.locator('.ant-modal-confirm').filter({ hasText: '已提交 2 份，应提交 2 份' }).getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('测评已结束，请核对结果').waitFor()
    await drawer.getByRole('tab', { name: '结果' }).click()

    const scores = CADRES.map((_, i) => expectedScore(i))
    assert.deepEqual(scores, ['91.19', '75.32'], 'the formula worked by hand')
    const results = (await api(`/api/gbkh/rounds/${s.roundId}/results`)).content
    const byName = Object.fromEntries(results.map((r) => [r.name, r]))
    for (const [i, c] of CADRES.entries()) {
      const r = byName[c.name]
      assert.equal(String(r.score), scores[i], `${c.name}'s comprehensive score`)
      assert.equal(String(r.groups.staff), scores[i], 'one group: its score is the comprehensive one')
      assert.deepEqual(r.ballots, { staff: 2 })
    }
    // 91.19 reaches 优秀's 90 and the cap floor(2 × 50%) = 1 keeps it; 75.32 reaches 称职's 70.
    const grades = ['优秀', '称职']
    for (const [i, c] of CADRES.entries()) {
      assert.deepEqual([byName[c.name].rank, byName[c.name].autoGrade], [i + 1, grades[i]])
      const row = drawer.locator('.ant-table-tbody tr.ant-table-row', { hasText: c.name })
      await row.getByText(scores[i], { exact: true }).first().waitFor()
      await row.getByText(grades[i], { exact: true }).first().waitFor()
    }
    await screenshot(page, 'assess-05-results')

    await drawer.getByRole('button', { name: '确认结果' }).click()
    await page.locator('.ant-modal-confirm').filter({ hasText: '确认后等次写入各干部的年度考核记录' }).getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('考核结果已确认').waitFor()
    await drawer.getByText('已确认').first().waitFor()
    await drawer.getByRole('button', { name: '确认结果' }).waitFor({ state: 'detached' })

    // The grade on the cadre's record: 干部信息库 → 详情 → 8 年度考核.
    await page.goto(`${server.base}/web/gb/jbxx`)
    await page.getByPlaceholder('姓名').fill(CADRES[0].name)
    await page.getByRole('button', { name: /搜\s*索/ }).click()
    await page.locator('tr.ant-table-row').filter({ hasText: CADRES[0].name }).getByRole('button', { name: '详情' }).click()
    const detail = page.locator('.ant-drawer-content-wrapper').filter({ hasText: `干部详情：${CADRES[0].name}` })
    await detail.getByRole('tab', { name: '8 年度考核' }).click()
    const record = detail.locator('.ant-table-tbody tr', { hasText: String(YEAR) })
    await record.getByText('优秀', { exact: true }).waitFor()
    await screenshot(page, 'assess-06-cadre-record')
    for (const [i, id] of s.cadreIds.entries()) {
      const rows = await api(`/api/gbjbxx/${id}/khqk`)
      assert.deepEqual(rows.map((r) => [r.year, r.grade]), [[YEAR, grades[i]]], `${CADRES[i].name}'s 年度考核`)
    }
  })
})
