import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppraiseeView, Progress, RoundDetail } from '@/api/generated/appraisal'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import AppraisalPage from './index'

const PROGRESS: Progress = {
  content: [
    { orgId: 7, orgName: '计算机教工党支部', parentName: '计算机学院党委', roundId: 5, state: 'counted', stateName: '待决定', members: 6, graded: 5,
      submitted: 4, issued: 6, cast: 4, excellent: 0, unqualified: 0 },
    { orgId: 8, orgName: '计算机学生党支部', parentName: '计算机学院党委', roundId: 0, state: 'none', stateName: '未开始', members: 0, graded: 0,
      submitted: 0, issued: 0, cast: 0, excellent: 0, unqualified: 0 },
  ],
  totalElements: 2,
  counts: { none: 1, self: 0, voting: 0, counted: 1, void: 0, decided: 0 },
}

const member = (id: number, name: string, over: Partial<AppraiseeView> = {}): AppraiseeView => ({
  id, createTime: '2026-11-01T08:00:00Z', updateTime: '2026-11-01T08:00:00Z', roundId: 5, memberId: id + 100, name, probation: false, active: true,
  summaryState: 2, savedAt: null, submittedAt: null, nExcellent: 0, nQualified: 0, nBasic: 0, nUnqualified: 0, proposed: 'qualified', grade: '',
  reason: '', followUp: '', followNote: '', followDue: null, followBy: '', followAt: null, transferId: null, summaryWords: 320, gradeName: '',
  proposedName: '合格', ...over,
})

const DETAIL: RoundDetail = {
  id: 5, createTime: '2026-11-01T08:00:00Z', updateTime: '2026-11-20T08:00:00Z', year: 2026, orgId: 7, state: 'counted', meetingId: null,
  ballotId: 9, votes: 1, issued: 6, cast: 4, openedBy: '组织员', votingAt: null, closedAt: '2026-11-20T08:00:00Z', decidedBy: '', decidedAt: null,
  closesAt: null, excellent: 0, unqualified: 0, orgName: '计算机教工党支部', stateName: '待决定', members: 4, graded: 3, submitted: 3, liveIssued: 0,
  liveCast: 0, excellentCap: 1, meetingTopic: '', meetingLink: '', canVote: true, canDecide: true,
  appraisees: [
    member(1, '张一', { nExcellent: 3, nQualified: 1, proposed: 'excellent' }),
    member(2, '张二', { nQualified: 4 }),
    member(3, '张三', { nBasic: 2, nQualified: 2, proposed: 'basic' }),
    member(4, '李预备', { probation: true, proposed: '' }),
  ],
}

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/mzpy/progress').reply(200, PROGRESS)
  mock.onGet('/api/mzpy/rounds/5').reply(200, DETAIL)
  mock.onGet('/api/mzpy/follow').reply(200, page([]))
})
afterEach(() => mock.restore())

const renderPage = (url = '/orglife/mzpy') =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <AppraisalPage />
    </MemoryRouter>,
  )

describe('orglife/mzpy 民主评议党员', { timeout: 30_000 }, () => {
  it('lists the branches with their state and counts; 开展评议 only with mzpy:open', async () => {
    signIn(['mzpy:list', 'mzpy:export'])
    renderPage()
    const row = (await screen.findByText('计算机教工党支部')).closest('tr') as HTMLElement
    expect(within(row).getByText('待决定')).toBeTruthy()
    expect(within(row).getByText('4/6')).toBeTruthy()
    const none = screen.getByText('计算机学生党支部').closest('tr') as HTMLElement
    expect(within(none).getByText('未开始')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '开展评议' })).toBeNull()
    expect(mock.history.get.find((r) => r.url === '/api/mzpy/progress')?.params).toMatchObject({ page: 0, size: 20 })
    mock.onGet('/api/mzpy/progress').reply(200, { content: [], totalElements: 0, counts: PROGRESS.counts })
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '评议状态' }))
    fireEvent.click(await screen.findByTitle('已决定'))
    expect(await screen.findByText('没有符合条件的党支部')).toBeTruthy()
  })

  it('decides the grades from the counts: a grade other than the proposal asks for its reason', async () => {
    signIn(['mzpy:list', 'mzpy:vote', 'mzpy:decide'])
    let sent: unknown
    mock.onPost('/api/mzpy/rounds/5/decide').reply((c) => {
      sent = body(c)
      return [200, { ...DETAIL, state: 'decided' }]
    })
    renderPage('/orglife/mzpy?round=5')
    expect(await screen.findByText(/最多 1 名优秀/)).toBeTruthy()
    expect(screen.queryByLabelText('李预备的评定等次')).toBeNull() // probationary members get no grade
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '张三的评定等次' }))
    fireEvent.click((await screen.findAllByTitle('合格')).at(-1) as HTMLElement)
    fireEvent.change(await screen.findByLabelText('张三的理由'), { target: { value: '整改及时' } })
    fireEvent.click(screen.getByRole('button', { name: '确定评议结果' }))
    const dialog = (await screen.findByText(/不能再修改/)).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }))
    await waitFor(() =>
      expect(sent).toEqual({ grades: [{ id: 1, grade: 'excellent', reason: '' }, { id: 2, grade: 'qualified', reason: '' }, { id: 3, grade: 'qualified', reason: '整改及时' }] }),
    )
  })

  it('says why the follow-up list is empty', async () => {
    signIn(['mzpy:list'])
    renderPage('/orglife/mzpy?tab=follow')
    expect(await screen.findByText(/没有被评为不合格的党员/)).toBeTruthy()
  })
})
