// End-to-end, issue 31 (党员积分): a member's points grow after attending a meeting. The branch, the
// member and their account are set up over the API; the member signs in and reads 我的积分 on 党员首页
// (nothing yet this year); the branch holds a 支部党员大会 with the member over the API — drawn from the
// roster, started, the member marked 已签到, ended (结束 is what makes organisation life record the
// attendance, and points hear it); the member reloads and sees the total grown by the rule's points
// (参加组织生活, 2 by default) with the entry naming the meeting it came from.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signIn } from '../lib/admin.mjs'
import { call, setPassword } from '../lib/api.mjs'
import { screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

const ROOT = '中共积分测试大学委员会'
const BRANCH = '积分测试教工党支部'
const MEMBER = { name: '端到端积分党员', no: 'E2EP001', id: idNumber('33010219900505123'), password: 'Dangyuan#2026jf' }
const TOPIC = '端到端支部党员大会：学习党章'

/** Today in China (YYYY-MM-DD): the meeting is held today, so its points count in this year. */
const TODAY = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)

describe('党员积分: a member\'s points grow after attending a meeting', () => {
  let branch = 0
  let token = ''
  let base = ''
  const s = adminScenario(async ({ server, token: admin }) => {
    token = admin
    base = server.base
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'JFU', name: ROOT, type: '1', foundedOn: '2000-01-01' })
    branch = (await post('/api/dzzxx', { code: 'JFB01', name: BRANCH, type: '5', pid: root.id, foundedOn: '2000-01-01' })).id
    await post('/api/dyjbxx', {
      name: MEMBER.name, idNumber: MEMBER.id, phone: '', orgId: branch, staffOrStudentNo: MEMBER.no,
      partyStatus: '1', personCategory: '1', joinedOn: '2012-06-30',
    })
    const issued = await post('/api/dyjbxx/accounts', { orgId: branch })
    const own = issued.created.find((o) => o.name === MEMBER.name)
    await setPassword(server.base, own.username, own.initialPassword, MEMBER.password)
    MEMBER.username = own.username
  })
  const { it } = s

  it('the member reads 我的积分, the branch holds a meeting they attend, and the total grows by the rule with its source', async () => {
    const { page } = s
    await page.goto(`${base}/web/login`)
    await signIn(page, MEMBER.username, MEMBER.password)
    await page.waitForURL(/\/web\/list-home\/dyHome$/)
    const card = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /^我的积分/ }) })
    await card.getByText('本年度暂无积分：参加组织生活、按时交纳党费、完成线上学习后自动记入，志愿服务和表彰经支部申报、上级党委审核后记入').waitFor()
    const total = card.getByTestId('my-points-total')
    assert.equal(await total.innerText(), '0分')
    await screenshot(page, 'points-01-before')

    // The rule the meeting earns by, as the school set it (the default unless changed).
    const rules = await call(base, 'GET', '/api/jf/rules', { token })
    const attend = rules.find((r) => r.key === 'attend').points
    assert.ok(attend > 0, `the attendance rule gives ${attend}`)

    // The branch's 支部党员大会 with the member: drawn from the roster, published, started, 已签到, ended.
    const post = (path, body) => call(base, 'POST', path, { token, body })
    const meeting = await post('/api/zzsh/meetings', {
      orgId: branch, typeCode: 'zbdydh', topic: TOPIC, startsAt: `${TODAY}T00:10:00+08:00`, endsAt: `${TODAY}T00:50:00+08:00`,
      place: '支部活动室', host: '支部书记', recorder: '组织委员', agenda: '集中学习党章',
    })
    const path = `/api/zzsh/meetings/${meeting.id}`
    await post(`${path}/attendees/roster`)
    await post(`${path}/publish`)
    await post(`${path}/start`)
    const attendees = await call(base, 'GET', `${path}/attendees`, { token })
    const mine = attendees.find((a) => a.name === MEMBER.name || a.memberName === MEMBER.name)
    assert.ok(mine, `the member is on the meeting's list: ${JSON.stringify(attendees)}`)
    await call(base, 'PUT', `${path}/attendees/${mine.id}/attendance`, { token, body: { status: 'present' } })
    await post(`${path}/close`)

    // The member reloads: the total grew by the rule, and the entry names the meeting and its kind.
    await page.reload()
    await total.waitFor()
    await card.getByText(`参加组织生活：${TOPIC}（${TODAY}）`).waitFor()
    assert.equal(await total.innerText(), `${attend}分`)
    const entry = card.locator('.ant-list-item').filter({ hasText: TOPIC })
    await entry.getByText(/^参加组织生活 · /).waitFor()
    assert.equal(await entry.locator('.ant-tag').innerText(), `+${attend}`)
    await screenshot(page, 'points-02-after')
  })
})
