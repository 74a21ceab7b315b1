import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, captureDownloads, exportsOf, mockApi, page, signIn } from '@/test/api'
import { ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import type { AssessmentDetail, AssessmentView, BranchRank, Indicator, IndicatorSet } from './api'
import ConstructionPage from './index'

const YEAR = new Date().getFullYear()

const indicator = (id: number, category: string, name: string, maxPoints: number): Indicator => ({
  id,
  year: YEAR,
  category,
  name,
  standard: `${name}的评分标准`,
  maxPoints,
  sort: id * 10,
  createTime: '',
  updateTime: '',
})

const SET: IndicatorSet = {
  year: YEAR,
  frozen: false,
  total: 15,
  latestEarlier: YEAR - 1,
  indicators: [indicator(1, '组织设置', '支部设置规范', 5), indicator(2, '组织生活', '三会一课', 10)],
}

const view = (over: Partial<AssessmentView> = {}): AssessmentView => ({
  id: 7,
  createTime: '',
  updateTime: '2026-03-01T08:00:00Z',
  orgId: 5,
  orgName: '计算机教工党支部',
  year: YEAR,
  state: 1,
  stateName: '草稿',
  reviewComment: '',
  returnReason: '',
  submittedAt: null,
  submittedBy: '',
  reviewedAt: null,
  reviewedBy: '',
  mark: '',
  markName: '',
  selfTotal: 0,
  reviewTotal: null,
  ...over,
})

const detail = (over: Partial<AssessmentDetail> = {}): AssessmentDetail => ({
  ...view(),
  maxTotal: 15,
  reviewer: '计算机学院党委',
  canReview: false,
  items: [
    { id: 71, indicatorId: 1, category: '组织设置', name: '支部设置规范', standard: '', maxPoints: 5, selfScore: 4.5, explanation: '已设置', reviewScore: null, reviewNote: '' },
    { id: 72, indicatorId: 2, category: '组织生活', name: '三会一课', standard: '', maxPoints: 10, selfScore: null, explanation: '', reviewScore: null, reviewNote: '' },
  ],
  ...over,
})

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/common/dzz').reply(200, page([]))
  mock.onGet('/api/dzzjs/indicators').reply(200, SET)
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <ConstructionPage />
    </MemoryRouter>,
  )

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }))

describe('orglife/construction 党组织建设', { timeout: 30_000 }, () => {
  it('shows the year’s indicators by category; the 组织部 edits them until the set is frozen', async () => {
    signIn(['dzzjs:list', 'dzzjs:config'])
    const first = renderPage()
    expect(await screen.findByText('支部设置规范')).toBeTruthy()
    expect(screen.getByText(`${YEAR}年度共 2 项指标，满分 15 分`)).toBeTruthy()
    expect(screen.getByRole('button', { name: /新增指标/ })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: /修\s*改/ })).toHaveLength(2)
    first.unmount()

    mock.onGet('/api/dzzjs/indicators').reply(200, { ...SET, frozen: true })
    renderPage()
    expect(await screen.findByText('本年度已有党支部提交自评，指标已锁定，不能再修改。')).toBeTruthy()
  })

  it('offers to copy last year’s set into an empty year, and says why a branch sees none', async () => {
    signIn(['dzzjs:list', 'dzzjs:config'])
    mock.onGet('/api/dzzjs/indicators').reply(200, { ...SET, indicators: [], total: 0 })
    const copied = exportsOf(mock.onPost('/api/dzzjs/indicators/copy'))
    const dept = renderPage()
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`复制${YEAR - 1}年度指标`) }))
    await waitFor(() => expect(copied).toHaveLength(1))
    dept.unmount()

    signIn(['dzzjs:list', 'dzzjs:assess'])
    renderPage()
    expect(await screen.findByText(`组织部尚未设置${YEAR}年度的考核指标`)).toBeTruthy()
  })

  it('lets a branch score its draft within each indicator’s points, save and submit it', async () => {
    signIn(['dzzjs:list', 'dzzjs:assess'])
    mock.onGet('/api/dzzjs/assessments').reply(200, page([view()]))
    mock.onGet('/api/dzzjs/assessments/7').reply(200, detail())
    const saved: unknown[] = []
    mock.onPut('/api/dzzjs/assessments/7').reply((c) => {
      saved.push(body(c))
      return [200, detail()]
    })
    let submitted = 0
    mock.onPost('/api/dzzjs/assessments/7/submit').reply(() => {
      submitted++
      return [200, detail({ state: 2, stateName: '待审核' })]
    })
    renderPage()
    await screen.findByText('支部设置规范')
    tab('自评')
    fireEvent.click(await screen.findByText('计算机教工党支部'))
    const score = await screen.findByRole('spinbutton', { name: '自评得分 三会一课' })
    fireEvent.change(score, { target: { value: '9.5' } })
    fireEvent.blur(score)
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }))
    await waitFor(() =>
      expect(saved[0]).toEqual({
        updateTime: '2026-03-01T08:00:00Z',
        items: [
          { indicatorId: 1, score: 4.5, text: '已设置' },
          { indicatorId: 2, score: 9.5, text: '' },
        ],
      }),
    )
    await screen.findByText('自评已保存') // the save has finished: the buttons are no longer loading
    fireEvent.click(screen.getByRole('button', { name: /提交自评/ }))
    ok((await screen.findByText('提交后不能再修改，确定提交自评吗？')).closest('.ant-modal') as HTMLElement)
    await waitFor(() => expect(submitted).toBe(1))
    expect(await screen.findByText('待审核')).toBeTruthy()
  })

  it('shows 审核 to reviewers only; the committee scores each indicator and approves', async () => {
    signIn(['dzzjs:list', 'dzzjs:assess'])
    const branch = renderPage()
    await screen.findByText('支部设置规范')
    expect(screen.queryByRole('tab', { name: '审核' })).toBeNull()
    branch.unmount()

    signIn(['dzzjs:list', 'dzzjs:review'])
    mock.onGet('/api/dzzjs/assessments').reply(200, page([view({ state: 2, stateName: '待审核', selfTotal: 13.5 })]))
    const submittedDetail = detail({ state: 2, stateName: '待审核', canReview: true, items: detail().items.map((i) => ({ ...i, selfScore: i.maxPoints })) })
    mock.onGet('/api/dzzjs/assessments/7').reply(200, submittedDetail)
    const reviewed: unknown[] = []
    mock.onPost('/api/dzzjs/assessments/7/review').reply((c) => {
      reviewed.push(body(c))
      return [200, { ...submittedDetail, state: 3, stateName: '已审核', reviewTotal: 14 }]
    })
    renderPage()
    await screen.findByText('支部设置规范')
    tab('审核')
    fireEvent.click(await screen.findByRole('button', { name: /审\s*核/ }))
    const score = await screen.findByRole('spinbutton', { name: '审核得分 支部设置规范' })
    fireEvent.change(score, { target: { value: '4' } })
    fireEvent.blur(score)
    fireEvent.click(screen.getByRole('button', { name: /审核通过/ }))
    ok((await screen.findByText('确定以当前审核得分完成审核吗？')).closest('.ant-modal') as HTMLElement)
    await waitFor(() =>
      expect(reviewed[0]).toEqual({
        items: [
          { indicatorId: 1, score: 4, text: '' },
          { indicatorId: 2, score: 10, text: '' },
        ],
        comment: '',
      }),
    )
    expect(await screen.findByText('已审核')).toBeTruthy()
  })

  it('ranks the reviewed branches with their marks, exports, and says why the ranking is empty', async () => {
    signIn(['dzzjs:list', 'dzzjs:export'])
    const rows: BranchRank[] = [
      { rank: 1, assessmentId: 7, orgId: 5, orgName: '计算机教工党支部', committeeId: 2, committeeName: '计算机学院党委', selfTotal: 95, reviewTotal: 93.5, mark: 'sample', markName: '样板党支部' },
      { rank: 2, assessmentId: 8, orgId: 6, orgName: '数学教工党支部', committeeId: 3, committeeName: '数学学院党委', selfTotal: 90, reviewTotal: 88, mark: '', markName: '' },
    ]
    mock.onGet('/api/dzzjs/ranking/branches').reply((c) => [200, c.params.mark === 'marked' ? page([]) : page(rows)])
    const asked = exportsOf(mock.onGet('/api/dzzjs/ranking/branches/export'))
    renderPage()
    await screen.findByText('支部设置规范')
    tab('排名')
    const first = (await screen.findByText('计算机教工党支部')).closest('tr') as HTMLElement
    expect(within(first).getByText('样板党支部')).toBeTruthy()
    expect(within(first).getByText('93.5')).toBeTruthy()
    expect(within(first).queryByRole('button', { name: '标记' })).toBeNull() // only the 组织部 marks
    const downloads = captureDownloads()
    try {
      fireEvent.click(screen.getByRole('button', { name: /导出排名/ }))
      await waitFor(() => expect(asked[0]).toEqual({ year: YEAR }))
    } finally {
      downloads.restore()
    }
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '标记' }))
    fireEvent.click(await screen.findByText('已标记', { selector: '.ant-select-item-option-content' }))
    expect(await screen.findByText(`${YEAR}年度管理范围内尚无审核完成的自评，审核后按审核得分排名`)).toBeTruthy()
  })

  it('lets the 组织部 mark a ranked branch after confirming', async () => {
    signIn(['dzzjs:list', 'dzzjs:mark'])
    const row: BranchRank = { rank: 1, assessmentId: 8, orgId: 6, orgName: '数学教工党支部', committeeId: 3, committeeName: '数学学院党委', selfTotal: 90, reviewTotal: 88, mark: '', markName: '' }
    mock.onGet('/api/dzzjs/ranking/branches').reply(200, page([row]))
    const marked: unknown[] = []
    mock.onPost('/api/dzzjs/assessments/8/mark').reply((c) => {
      marked.push(body(c))
      return [200, detail()]
    })
    renderPage()
    await screen.findByText('支部设置规范')
    tab('排名')
    const tr = (await screen.findByText('数学教工党支部')).closest('tr') as HTMLElement
    fireEvent.mouseEnter(within(tr).getByRole('button', { name: '标记' }))
    fireEvent.click(await screen.findByText('标记为示范党支部'))
    ok((await screen.findByText('确定将数学教工党支部标记为示范党支部吗？')).closest('.ant-modal') as HTMLElement)
    await waitFor(() => expect(marked).toEqual([{ mark: 'model', reason: '' }]))
  })
})
