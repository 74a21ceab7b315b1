import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ExamView, GradingAnswer, PaperView } from '@/api/generated/exam'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import ExamPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const all = ['ks:list', 'ks:add', 'ks:edit', 'ks:del', 'ks:grade', 'ks:export']
const at = (tab = 'papers') =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/dx/ks?tab=${tab}`]}>
      <ExamPage />
    </MemoryRouter>,
  )
const paperView = (over: Partial<PaperView> = {}): PaperView => ({
  id: 1, createTime: '2026-12-01T00:00:00Z', updateTime: '2026-12-01T00:00:00Z', orgId: 2, title: '党史测试卷', mode: 1, seed: '0',
  questionCount: 5, total: 100, passMark: 60, locked: false, orgName: '计算机学院党委', ...over,
})
const examView = (over: Partial<ExamView> = {}): ExamView => ({
  id: 7, createTime: '2026-12-01T00:00:00Z', updateTime: '2026-12-01T00:00:00Z', orgId: 2, paperId: 1, title: '党史知识考试',
  opensAt: '2026-12-01T00:00:00Z', closesAt: '2026-12-01T03:00:00Z', duration: 30, attempts: 1, shuffleQuestions: true, shuffleOptions: true,
  passMark: 60, state: 0, examinees: 2, orgName: '计算机学院党委', paperTitle: '党史测试卷', total: 100, stateName: '草稿', ...over,
})

describe('在线考试', { timeout: 30_000 }, () => {
  it('lists the papers; a paper a published exam uses offers no edit or delete', async () => {
    signIn(all)
    mock.onGet('/api/ks/paper').reply(200, page([paperView(), paperView({ id: 2, title: '已锁定的卷', locked: true })]))
    at()
    const free = (await screen.findByText('党史测试卷')).closest('tr')!
    expect(within(free).getByRole('button', { name: '编辑' })).toBeTruthy()
    const locked = screen.getByText('已锁定的卷').closest('tr')!
    expect(within(locked).queryByRole('button', { name: '编辑' })).toBeNull()
    expect(within(locked).getByText('已用于发布的考试')).toBeTruthy()
  })

  it('shows a paper’s 变动轨迹, also of a locked one, without a restore', async () => {
    signIn(all)
    mock.onGet('/api/ks/paper').reply(200, page([paperView({ locked: true })]))
    mock.onGet('/api/ks/paper/1/trail').reply(
      200,
      page([{ id: 9, recordId: 1, type: 2, origin: 3, operatorName: '王老师', createTime: '2026-12-01T01:00:00Z', changes: [{ field: 'passMark', label: '及格分', old: '60', new: '30' }] }]),
    )
    at()
    const row = (await screen.findByText('党史测试卷')).closest('tr')!
    fireEvent.click(within(row).getByRole('button', { name: '变动轨迹' }))
    const drawer = (await screen.findByText('变动轨迹：党史测试卷')).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findAllByText(/及格分/)).not.toHaveLength(0)
    expect(within(drawer).getAllByText(/王老师/)).not.toHaveLength(0)
    expect(within(drawer).queryByRole('button', { name: /还原/ })).toBeNull()
  })

  it('shows an exam’s 变动轨迹: publishing as a change of 状态', async () => {
    signIn(['ks:list'])
    mock.onGet('/api/ks/exam').reply(200, page([examView({ state: 1, stateName: '已发布' })]))
    mock.onGet('/api/ks/exam/7/trail').reply(
      200,
      page([{ id: 5, recordId: 7, type: 2, origin: 3, operatorName: '王老师', createTime: '2026-12-01T01:00:00Z', changes: [{ field: 'state', label: '状态', old: '草稿', new: '已发布' }] }]),
    )
    at('exams')
    const row = (await screen.findByText('党史知识考试')).closest('tr')!
    fireEvent.click(within(row).getByRole('button', { name: '变动轨迹' }))
    const drawer = (await screen.findByText('变动轨迹：党史知识考试')).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findAllByText(/草稿/)).not.toHaveLength(0)
    expect(within(drawer).getAllByText(/王老师/)).not.toHaveLength(0)
  })

  it('says why the papers are empty', async () => {
    signIn(all)
    mock.onGet('/api/ks/paper').reply(200, page([]))
    at()
    expect(await screen.findByText(/暂无试卷/)).toBeTruthy()
  })

  it('publishes a draft exam after confirmation', async () => {
    signIn(all)
    mock.onGet('/api/ks/exam').reply(200, page([examView()]))
    let published = 0
    mock.onPost('/api/ks/exam/7/publish').reply(() => {
      published++
      return [200, examView({ state: 1 })]
    })
    at('exams')
    const row = (await screen.findByText('党史知识考试')).closest('tr')!
    fireEvent.click(within(row).getByRole('button', { name: '发布' }))
    expect(await screen.findByText(/试卷将被锁定不能修改/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /^确\s*定$/ }))
    await waitFor(() => expect(published).toBe(1))
  })

  it('grades a short answer shown without its examinee', async () => {
    signIn(all)
    mock.onGet('/api/ks/grading').reply(200, [{ id: 7, title: '党史知识考试', closesAt: '2026-12-01T03:00:00Z', pending: 1 }])
    mock.onGet('/api/ks/grading/7').reply(200, [{ seq: 5, stem: '谈谈为人民服务', reference: '全心全意', points: 50, answers: 1, pending: 1 }])
    const answer: GradingAnswer = { code: 'a1b2c3d4e5f60718', answer: '全心全意为人民服务', score: 0, graded: false, comment: '' }
    mock.onGet('/api/ks/grading/7/answers').reply(200, page([answer]))
    const marks: unknown[] = []
    mock.onPut('/api/ks/grading/7/answers').reply((c) => {
      marks.push(body(c))
      return [200, { ...answer, score: 40, graded: true }]
    })
    at('grading')
    fireEvent.mouseDown((await screen.findAllByRole('combobox', { name: '考试' }))[0])
    fireEvent.click(await screen.findByText('党史知识考试（待评 1）'))
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: '试题' })[0])
    fireEvent.click(await screen.findByText('第5题（待评 1/1）'))
    expect(await screen.findByText('全心全意为人民服务')).toBeTruthy()
    fireEvent.change(screen.getByRole('spinbutton', { name: '得分' }), { target: { value: '40' } })
    fireEvent.click(screen.getByRole('button', { name: '保存评分' }))
    await waitFor(() => expect(marks).toEqual([{ code: 'a1b2c3d4e5f60718', seq: 5, score: 40, comment: '' }]))
  })
})
