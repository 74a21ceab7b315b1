import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Detail, MyCourse } from '@/api/generated/course'
import type { MyExam } from '@/api/generated/exam'
import type { MyBatch } from '@/api/generated/pschool'
import { captureDownloads, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import PartySchoolHome from './index'

let mock: MockAdapter
// Phone first: happy-dom answers antd's media queries (Grid.useBreakpoint) from its viewport.
const viewport = (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM
const width = window.innerWidth
beforeEach(() => {
  mock = mockApi()
  signIn(['dx:learn']) // a 学员 holding only dx:learn
  viewport.setViewport({ width: 375 })
})
afterEach(() => {
  mock.restore()
  viewport.setViewport({ width })
})

const YEAR = new Date().getFullYear()
// The hours report's API (another module's), asked for this year.
const hours = () => mock.onGet('/api/xssb/my', { params: { year: YEAR } })

const batch = (over: Partial<MyBatch['batch']> = {}, progress: Partial<MyBatch['progress']> = {}): MyBatch => ({
  schoolName: '计算机学院分党校',
  batch: {
    id: 5, createTime: '', updateTime: '', schoolId: 2, type: 2, title: '2026年第2期入党积极分子培训班', startOn: '2026-05-10', endOn: '2026-05-12',
    hours: 24, days: 3, courseIds: [11, 12], examId: 7, attendPct: 80, state: 'open', remark: '', schoolName: '计算机学院分党校', orgId: 3,
    typeName: '入党积极分子', stateName: '进行中', enrolled: 30, completed: 0, ...over,
  },
  progress: {
    id: 9, createTime: '', updateTime: '', batchId: 5, recordId: 4, personNo: '2023001', name: '李明', orgId: 3, userId: 1, state: 'enrolled',
    daysAttended: 1, hoursAttended: 8, certificateNo: '', completedOn: null, reason: '', orgName: '计算机系党支部', stateName: '在读',
    onlineHours: 2, totalHours: 10, attendPct: 33, attendanceMet: false, hoursMet: false, exam: null, examMet: false, eligible: false,
    reasons: ['出勤 33%，未达到 80%', '学时 10，未达到 24'], ...progress,
  },
})

const course = (over: Partial<MyCourse> = {}): MyCourse => ({
  id: 11, orgId: 2, title: '党的二十大精神', intro: '', coverFileId: null, state: 1, nodes: 4, publishedAt: null, createTime: '', updateTime: '',
  orgName: '学校党委', hours: 4, doneNodes: 1, doneHours: 1, percent: 25, studiedAt: '2026-11-30T01:00:00Z', resumeNodeId: 31, resumeNodeType: 1,
  resumeNodeTitle: '第二讲', ...over,
})

const exam = (over: Partial<MyExam> = {}): MyExam => ({
  id: 7, title: '积极分子结业考试', opensAt: '2026-12-01T00:00:00Z', closesAt: '2026-12-01T03:00:00Z', duration: 30, attempts: 1,
  total: 100, passMark: 60, status: 'open', used: 0, score: null, passed: false, graded: false, ...over,
})

const detail = (id: number, title: string): Detail => ({
  id, orgId: 2, title, intro: '', coverFileId: null, state: 1, nodes: 2, publishedAt: null, createTime: '', updateTime: '', orgName: '学校党委',
  hours: 2, stateName: '已发布', learners: 3, chapters: [], doneNodes: 1, doneHours: 1,
})

const show = () => renderWithApp(<MemoryRouter><PartySchoolHome /></MemoryRouter>)

/** The card of a section by its title. */
const section = (title: string) =>
  screen.getAllByText(title).find((e) => e.closest('.ant-card-head-title'))!.closest('.ant-card') as HTMLElement

describe('我的党校 (the learner’s home)', { timeout: 30_000 }, () => {
  it('shows each section loading until its call answers', async () => {
    mock.onGet('/api/dx/my/batches').reply(() => new Promise(() => undefined))
    mock.onGet('/api/ks/my').reply(() => new Promise(() => undefined))
    mock.onGet(/\/api\/pschool\/my\/courses/).reply(() => new Promise(() => undefined))
    hours().reply(() => new Promise(() => undefined))
    const { container } = show()
    expect(await screen.findByText('我的培训班')).toBeTruthy()
    // 我的培训班, 我的学时, 我的证书, 我的课程, 我的考试: five sections, each a skeleton for now.
    expect(container.querySelectorAll('.ant-skeleton')).toHaveLength(5)
    expect(screen.queryByText(/你还没有参加培训班/)).toBeNull()
  })

  it('says why each section is empty', async () => {
    mock.onGet('/api/dx/my/batches').reply(200, [])
    mock.onGet('/api/ks/my').reply(200, [])
    mock.onGet(/\/api\/pschool\/my\/courses/).reply(200, page([]))
    hours().reply(200, { year: YEAR, target: 0, online: 0, offline: 0, total: 0, met: false })
    show()
    expect(await screen.findByText('你还没有参加培训班，培训班由所在党组织的党校安排')).toBeTruthy()
    expect(await screen.findByText(/还没有开始学习课程/)).toBeTruthy()
    expect(await screen.findByText(/暂无考试：党校发布考试并把你列为考生后/)).toBeTruthy()
    expect(screen.getByText(/还没有结业证书/)).toBeTruthy()
    expect(await screen.findByText('/ 0 学时')).toBeTruthy()
    // The links out: the study centre (from the header and the empty courses) and 我的考试.
    expect(screen.getAllByRole('link', { name: '学习中心' })[0].getAttribute('href')).toBe('/pschool/party/center')
    expect(screen.getAllByRole('link', { name: /我的考试|全部考试/ })[0].getAttribute('href')).toBe('/pschool/exam/center')
  })

  it('shows batches with progress and why not met, the certificate of a completed one, courses, exams and 学时', async () => {
    const done = batch({ id: 6, title: '2025年入党申请人培训班', type: 1, typeName: '入党申请人', state: 'finished', stateName: '已结束', examId: null, courseIds: [] },
      { state: 'completed', stateName: '已结业', certificateNo: '党校结业〔2025〕001', completedOn: '2025-06-01', attendPct: 100, attendanceMet: true,
        hoursMet: true, examMet: true, eligible: true, reasons: [], totalHours: 16 })
    mock.onGet('/api/dx/my/batches').reply(200, [batch(), done])
    mock.onGet('/api/ks/my').reply(200, [
      exam({ id: 8, title: '党史考试', status: 'done', used: 1, score: 85, passed: true, graded: true }),
      exam(),
      exam({ id: 9, title: '党章考试', status: 'upcoming' }),
    ])
    const asked: unknown[] = []
    mock.onGet('/api/pschool/my/courses').reply((c) => {
      asked.push(c.params)
      return [200, page([course(), course({ id: 12, title: '党章学习', percent: 100, doneNodes: 4, resumeNodeId: 40, resumeNodeType: 3, resumeNodeTitle: '总纲' })])]
    })
    hours().reply(200, { year: YEAR, target: 32, online: 10.5, offline: 6, total: 16.5, met: false })
    mock.onGet('/api/dx/my/batches/6/certificate').reply(200, new Blob(['docx']), { 'content-disposition': "attachment; filename*=UTF-8''cert.docx" })
    mock.onGet('/api/pschool/course/11').reply(200, detail(11, '党的二十大精神'))
    mock.onGet('/api/pschool/course/12').reply(404, { msg: '课程不存在' })
    show()

    // The open batch: type, school, dates, each requirement and why it is not met.
    expect(await screen.findByText('2026年第2期入党积极分子培训班')).toBeTruthy()
    const open = screen.getByText('2026年第2期入党积极分子培训班').closest('.ant-card') as HTMLElement
    expect(within(open).getByText('入党积极分子')).toBeTruthy()
    expect(within(open).getByText(/计算机学院分党校 · 2026-05-10 至 2026-05-12/)).toBeTruthy()
    expect(within(open).getByText(/33%（要求不低于 80%）/)).toBeTruthy()
    expect(within(open).getByText(/10 \/ 24 学时（线下 8，线上 2）/)).toBeTruthy()
    expect(within(open).getByText('尚未参加')).toBeTruthy()
    expect(within(open).getByText('尚未达到结业要求：出勤 33%，未达到 80%；学时 10，未达到 24')).toBeTruthy()
    expect(within(open).queryByRole('button', { name: '下载结业证书' })).toBeNull()

    // The completed one: its certificate downloads from the card and from 我的证书.
    const finished = screen.getAllByText('2025年入党申请人培训班')[0].closest('.ant-card') as HTMLElement
    expect(within(finished).getByText(/证书编号 党校结业〔2025〕001/)).toBeTruthy()
    const downloads = captureDownloads()
    try {
      fireEvent.click(within(section('我的证书')).getByRole('button', { name: '下载证书' }))
      await waitFor(() => expect(downloads.saved).toEqual(['cert.docx']))
    } finally {
      downloads.restore()
    }

    // My courses: progress and the resume link by the node's type (a video, an article).
    expect(await screen.findByText('党章学习')).toBeTruthy()
    expect(asked).toEqual([{ page: 0, size: 5 }])
    expect(screen.getByRole('link', { name: '继续学习 党的二十大精神' }).getAttribute('href')).toBe('/pschool/video/view?node=31')
    expect(screen.getByRole('link', { name: '继续学习 党章学习' }).getAttribute('href')).toBe('/pschool/doc/view?node=40')
    expect(screen.getByText(/已完成 1\/4 个节点 · 已获 1\/4 学时 · 上次学到“第二讲”/)).toBeTruthy()

    // My exams: open first, then upcoming, then finished with the score and pass.
    const exams = section('我的考试')
    const titles = within(exams).getAllByText(/考试$/).map((e) => e.textContent).filter((t) => !['我的考试', '全部考试', '去考试'].includes(t!))
    expect(titles).toEqual(['积极分子结业考试', '党章考试', '党史考试'])
    expect(within(exams).getByText('85 分')).toBeTruthy()
    expect(within(exams).getByText('及格')).toBeTruthy()
    expect(within(exams).getByRole('link', { name: '去考试' }).getAttribute('href')).toBe('/pschool/exam/center')

    // This year's 学时 against the target, and the full report.
    const year = section(`我的学时（${YEAR} 年）`)
    expect(within(year).getByText('16.5')).toBeTruthy()
    expect(within(year).getByText('/ 32 学时')).toBeTruthy()
    expect(within(year).getByText('未达标')).toBeTruthy()
    expect(within(year).getByText('线上 10.5 学时 · 线下 6 学时')).toBeTruthy()
    expect(within(year).getByRole('link', { name: '学时报表' }).getAttribute('href')).toBe('/xssb/active/user')

    // The batch's detail: full width on a phone; its courses linked (one unpublished since), its exam, its attendance.
    fireEvent.click(within(open).getByRole('button', { name: '详情' }))
    const drawer = (await screen.findByText(/已记录出勤 1\/3 天、线下 8 学时/)).closest('.ant-drawer-content-wrapper') as HTMLElement
    expect(drawer.style.width).toBe('100%')
    expect((await within(drawer).findByRole('link', { name: '党的二十大精神' })).getAttribute('href')).toBe('/pschool/course?id=11')
    expect(await within(drawer).findByText('该课程已下线或暂时无法打开')).toBeTruthy()
    expect(within(drawer).getByRole('link', { name: '去考试' }).getAttribute('href')).toBe('/pschool/exam/center')
  })

  it('keeps the page when the 学时 report cannot answer: a quiet line, no error page', async () => {
    mock.onGet('/api/dx/my/batches').reply(200, [batch()])
    mock.onGet('/api/ks/my').reply(200, [])
    mock.onGet(/\/api\/pschool\/my\/courses/).reply(200, page([course()]))
    hours().reply(500, { msg: '服务器错误' })
    show()
    expect(await screen.findByText(/学时数据暂不可用/)).toBeTruthy()
    expect(screen.getByText('2026年第2期入党积极分子培训班')).toBeTruthy()
    expect(await screen.findByText('党的二十大精神')).toBeTruthy()
    expect(screen.queryByText('服务器错误')).toBeNull()
    // The batch's exam not opened to the learner yet says so in its detail.
    fireEvent.click(screen.getByRole('button', { name: '详情' }))
    expect(await screen.findByText(/考试尚未向你开放/)).toBeTruthy()
  })
})
