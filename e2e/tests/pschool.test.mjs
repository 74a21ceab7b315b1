// End-to-end 党校 (issue 27) on the demo university, one server and one browser: an activist (入党积极分子)
// enrolled in a batch signs in on a phone for the first time, studies the batch's course — a real video,
// recorded in the browser with a canvas and MediaRecorder since the machine has no ffmpeg — until the
// server credits the node complete from the player's heartbeats, takes the batch's exam and passes it;
// the staff then complete the batch (结业) and the training is on the activist's development record, and
// the certificate on their 我的党校.
import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { firstSignIn, startAdmin, stopAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { itWithScreenshot, openBrowser, PHONE, screenshot } from '../lib/browser.mjs'

const iso = (d) => d.toISOString().slice(0, 10)
const addDays = (s, n) => iso(new Date(Date.parse(s) + n * 86400_000))
/** The day in China, as the server counts the batch's days and the 学时 credited. */
const today = iso(new Date(Date.now() + 8 * 3600_000))
const ACTIVE = 2 // 入党积极分子培训班 (school.BatchActive)
const SINGLE = 0 // 单选题 (question.TypeSingle)

/**
 * Records about 8 s of a canvas animation as a webm in the page and answers its bytes (base64) and its
 * whole seconds. MediaRecorder's webm carries no duration (Infinity) until the element seeks past its end.
 */
async function recordVideo(page) {
  return page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 180 })
    const g = canvas.getContext('2d')
    let frame = 0
    const draw = () => {
      g.fillStyle = `hsl(${(frame * 9) % 360} 70% 45%)`
      g.fillRect(0, 0, 320, 180)
      g.fillStyle = '#fff'
      g.font = '32px sans-serif'
      g.fillText(`党课 ${(frame / 12).toFixed(1)} s`, 40, 100)
      frame++
    }
    draw()
    const recorder = new MediaRecorder(canvas.captureStream(12), { mimeType: 'video/webm;codecs=vp8' })
    const chunks = []
    recorder.ondataavailable = (e) => chunks.push(e.data)
    const stopped = new Promise((ok) => (recorder.onstop = ok))
    const painter = setInterval(draw, 1000 / 12)
    recorder.start()
    // The recording is real time: the video lasts as long as it was recorded.
    setTimeout(() => recorder.stop(), 8300)
    await stopped
    clearInterval(painter)
    const blob = new Blob(chunks, { type: 'video/webm' })
    const video = document.createElement('video')
    video.muted = true
    video.preload = 'metadata'
    video.src = URL.createObjectURL(blob)
    await new Promise((ok, fail) => {
      video.onloadedmetadata = ok
      video.onerror = () => fail(new Error('the recorded webm does not load'))
    })
    if (!Number.isFinite(video.duration)) {
      await new Promise((ok) => {
        video.ondurationchange = () => Number.isFinite(video.duration) && ok()
        video.currentTime = 1e6
      })
    }
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let bin = ''
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return { base64: btoa(bin), seconds: Math.floor(video.duration) }
  })
}

describe('党校 on a phone: an activist studies a video to the end, passes the batch’s exam, completes the batch', () => {
  const s = {}
  const it = itWithScreenshot(() => s.phone)
  const api = (method, path, body) => call(s.server.base, method, path, { token: s.token, body })

  before(async () => {
    Object.assign(s, await startAdmin({ demoMembers: 300 }))
    // Heartbeats every 5 s (the setting's minimum), so that an 8 s video completes in two of them.
    const settings = await api('GET', '/api/sysConfig/listAll')
    const recordTime = settings.find((r) => r.configKey === 'videoRecordTime')
    await api('PUT', '/api/sysConfig', { ...recordTime, configValue: '5' })

    const orgs = await api('GET', '/api/dzzxx?size=1000')
    s.root = orgs.content.find((o) => !o.pid)
    assert.ok(s.root, 'the university committee')

    // The course: one chapter, one video node of the recorded video, 1.0 学时.
    s.video = await recordVideo(s.page)
    assert.ok(s.video.seconds >= 7 && s.video.seconds <= 9, `an 8 s video, not ${s.video.seconds} s`)
    const course = await api('POST', '/api/dx/course', { orgId: s.root.id, title: '端到端党课', intro: '手机学习视频' })
    let detail = await api('POST', `/api/dx/course/${course.id}/items`, { kind: 1, title: '第一章 党的基本知识' })
    detail = await api('POST', `/api/dx/course/${course.id}/items`, {
      kind: 2, parentId: detail.chapters[0].id, nodeType: 1, title: '党章学习视频', duration: s.video.seconds, hours: 1.0,
    })
    s.node = detail.chapters[0].nodes[0]
    const form = new FormData()
    form.append('file', new Blob([Buffer.from(s.video.base64, 'base64')], { type: 'video/webm' }), '党章学习视频.webm')
    const uploaded = await fetch(`${s.server.base}/api/dx/course/${course.id}/items/${s.node.id}/file`, {
      method: 'POST', headers: { Authorization: `Bearer ${s.token}` }, body: form,
    })
    assert.equal(uploaded.status, 200, await uploaded.clone().text())
    await api('POST', `/api/dx/course/${course.id}/publish`)
    s.course = course

    // The school at the university committee (the demo's, else a new one).
    const schools = await api('GET', '/api/dx/schools?size=100')
    s.school = schools.content.find((x) => x.orgId === s.root.id) ?? (await api('POST', '/api/dx/schools', { orgId: s.root.id, headName: '张校长' }))

    // A fixed paper of three single-choice questions of the bank, their keys read as the admin.
    const bank = await api('GET', `/api/tk?size=100`)
    s.questions = bank.content.filter((q) => q.type === SINGLE && q.answer).slice(0, 3)
    assert.equal(s.questions.length, 3, 'three single-choice questions in the demo bank')
    const paper = await api('POST', '/api/ks/paper', {
      title: '积极分子结业考试卷', orgId: s.root.id, mode: 1, passMark: 20, picks: s.questions.map((q) => ({ questionId: q.id, points: 10 })),
    })
    const now = Date.now()
    s.exam = await api('POST', '/api/ks/exam', {
      title: '积极分子培训班结业考试', orgId: s.root.id, paperId: paper.id, duration: 30, attempts: 1, passMark: 20,
      opensAt: new Date(now - 60_000).toISOString(), closesAt: new Date(now + 2 * 3600_000).toISOString(),
    })

    // The batch: the course's hour online, a day attended, the exam.
    s.batch = await api('POST', '/api/dx/batches', {
      schoolId: s.school.id, type: ACTIVE, title: '端到端入党积极分子培训班', startOn: addDays(today, -1), endOn: addDays(today, 1),
      days: 1, hours: 1, attendPct: 100, courseIds: [course.id], examId: s.exam.id,
    })
    // The demo's own 入党积极分子 batch enrolled the small demo's activists, and a person is in one unfinished batch of a
    // type at a time: they leave it (withdrawn with a reason) so that this batch can take one of them.
    const others = await api('GET', '/api/dx/batches?size=100')
    for (const b of others.content.filter((b) => b.type === ACTIVE && b.id !== s.batch.id)) {
      const enrolled = await api('GET', `/api/dx/batches/${b.id}/trainees?size=100`)
      const ids = enrolled.content.filter((t) => t.state === 'enrolled').map((t) => t.id)
      if (ids.length) await api('POST', `/api/dx/batches/${b.id}/withdraw`, { traineeIds: ids, reason: '转入端到端培训班' })
    }
    const candidates = await api('GET', `/api/dx/batches/${s.batch.id}/candidates?size=100`)
    s.record = candidates.content[0]
    assert.ok(s.record, 'an activist of the demo to enrol')
    await api('POST', `/api/dx/batches/${s.batch.id}/trainees`, { recordIds: [s.record.id] })
    await api('POST', `/api/dx/batches/${s.batch.id}/open`)
    const trainees = await api('GET', `/api/dx/batches/${s.batch.id}/trainees?size=10`)
    s.trainee = trainees.content[0]
    // The demo opened its trainees' 学员 accounts without keeping the passwords: a trainee taken from its batch has
    // one, and the administrator resets it to an initial password; a trainee without one gets it opened here.
    const opened = await api('POST', `/api/dx/batches/${s.batch.id}/accounts`, { traineeIds: [s.trainee.id] })
    s.account = opened.accounts[0]
    if (!s.account) {
      const [again] = (await api('GET', `/api/dx/batches/${s.batch.id}/trainees?size=10`)).content
      assert.ok(again.userId, `the trainee's account: ${JSON.stringify(opened)}`)
      s.account = await api('POST', '/api/users/managerResetPass/', { id: again.userId })
    }
    assert.ok(s.account?.initialPassword, `a 学员 account with an initial password: ${JSON.stringify(s.account)}`)
    await api('PUT', `/api/dx/batches/${s.batch.id}/attendance`, { rows: [{ traineeId: s.trainee.id, daysAttended: 1, hoursAttended: 0 }] })
    await api('POST', `/api/ks/exam/${s.exam.id}/publish`)

    s.phoneBrowser = await openBrowser(PHONE)
    s.phone = await s.phoneBrowser.context.newPage()
  })
  after(async () => {
    await s.phoneBrowser?.close()
    await stopAdmin(s)
  })

  it('studies the video, passes the exam, and after 结业 has the training on the record and the certificate', async () => {
    const { phone, server } = s
    await phone.goto(`${server.base}/web/`)
    await firstSignIn(phone, s.account.username, s.account.initialPassword, 'Xy#Learn2026')
    await phone.waitForURL(/\/pschool\/home\/page/)
    await phone.getByText('我的培训班').waitFor()
    await screenshot(phone, '70-pschool-home')

    // 学习中心 → the course → its video node.
    await phone.getByRole('link', { name: '学习中心' }).first().click()
    await phone.getByRole('link', { name: s.course.title }).click()
    await phone.getByText(s.node.title).waitFor()
    await phone.getByRole('button', { name: '开始学习' }).click()
    const video = phone.getByLabel(s.node.title)
    await video.waitFor()
    await phone.getByText('学完全部时长后获得学时').waitFor()
    // The page's player, started as a tap on play would (muted: no sound in a test).
    await video.evaluate((v) => {
      v.muted = true
      return v.play()
    })
    // The server's answer to the heartbeats, shown when it credits the node complete.
    await phone.getByText('已完成，已获 1 学时').waitFor({ timeout: (s.video.seconds + 20) * 1000 })
    await screenshot(phone, '71-pschool-video-done')

    // 我的考试 → start → answer each question right → 交卷 → passed.
    await phone.goto(`${server.base}/web/pschool/exam/center`)
    await phone.getByText('积极分子培训班结业考试').waitFor()
    await phone.getByRole('button', { name: '开始考试' }).click()
    await phone.locator('.ant-modal').getByRole('button', { name: '开始考试' }).click()
    await phone.waitForURL(/\/pschool\/exam\/take/)
    // A phone lists every question on one page (one a page is the wide screen's layout).
    const cards = phone.locator('.ant-card').filter({ has: phone.locator('.ant-radio-group') })
    await cards.first().waitFor()
    assert.equal(await cards.count(), s.questions.length)
    for (let i = 0; i < s.questions.length; i++) {
      const card = cards.nth(i)
      const stem = await card.locator('.ant-typography').first().innerText()
      const q = s.questions.find((x) => x.stem.trim() === stem.trim())
      assert.ok(q, `the question shown is of the paper: ${stem}`)
      const option = q.options.find((o) => o.key === q.answer)
      await card.getByRole('radio', { name: `${option.key}. ${option.text}` }).check()
    }
    await phone.getByText('已全部保存').waitFor()
    await phone.getByRole('button', { name: /^交\s*卷$/ }).click()
    await phone.locator('.ant-modal-confirm').getByRole('button', { name: /^交\s*卷$/ }).click()
    await phone.getByText('成绩及格。').waitFor()
    await phone.getByText(/：30 分（总分 30，及格 20）/).waitFor()
    await screenshot(phone, '72-pschool-exam-passed')

    // The staff's 结业: the trainee meets every requirement.
    const completion = await api('GET', `/api/dx/batches/${s.batch.id}/completion?size=10`)
    assert.deepEqual(completion.content[0].reasons, [])
    assert.equal(completion.content[0].onlineHours, 1)
    const done = await api('POST', `/api/dx/batches/${s.batch.id}/complete`, { traineeIds: [s.trainee.id] })
    assert.equal(done.completed.length, 1, JSON.stringify(done))
    const certificateNo = done.completed[0].certificateNo

    const record = await api('GET', `/api/fzdy/${s.record.id}`)
    const training = record.trainings.find((t) => t.sourceBatch === s.batch.id)
    assert.ok(training, 'the batch’s training on the development record')
    assert.deepEqual(
      { title: training.title, startOn: training.startOn, endOn: training.endOn, hours: training.hours, days: training.days, passed: training.passed, no: training.certificateNo },
      { title: s.batch.title, startOn: addDays(today, -1), endOn: addDays(today, 1), hours: 1, days: 1, passed: true, no: certificateNo },
    )

    await phone.goto(`${server.base}/web/pschool/home/page`)
    const certificates = phone.locator('.ant-card').filter({ hasText: '我的证书' })
    await certificates.getByText(certificateNo).waitFor()
    await certificates.getByRole('button', { name: '下载证书' }).waitFor()
    // … and the node's 学时 in the year's 学时 (the ledger the batch read).
    await phone.locator('.ant-card').filter({ hasText: '我的学时' }).getByText('线上 1 学时').waitFor()
    await screenshot(phone, '73-pschool-certificate')
  })
})
