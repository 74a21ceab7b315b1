import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MSG_SUBMITTED, type AttemptView, type MyExam } from '@/api/generated/exam'
import { body, mockApi } from '@/test/api'
import { renderWithApp } from '@/test/render'
import ExamCenter from './center'
import TakeExam, { clockText } from './take'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const at = (url: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/pschool/exam/center" element={<ExamCenter />} />
        <Route path="/pschool/exam/take" element={<TakeExam />} />
      </Routes>
    </MemoryRouter>,
  )

const myExam = (over: Partial<MyExam> = {}): MyExam => ({
  id: 7, title: '党史知识考试', opensAt: '2026-12-01T00:00:00Z', closesAt: '2026-12-01T03:00:00Z', duration: 30, attempts: 1,
  total: 100, passMark: 60, status: 'open', used: 0, score: null, passed: false, graded: false, ...over,
})

const view = (over: Partial<AttemptView> = {}): AttemptView => ({
  id: 3, examId: 7, no: 1, state: 'started', startedAt: '2026-12-01T01:00:00Z', deadline: '2026-12-01T01:30:00Z', closedAt: null,
  terminal: 1, score: 0, pending: 0, title: '党史知识考试', total: 20, passMark: 10, remaining: 1800, stateName: '答题中', passed: false,
  serverTime: '2026-12-01T01:00:00Z',
  questions: [
    { no: 1, seq: 2, type: 0, stem: '中国共产党成立于哪一年？', options: [{ key: 'A', text: '1919' }, { key: 'B', text: '1921' }], points: 10, answer: '' },
    { no: 2, seq: 1, type: 2, stem: '遵义会议确立了毛泽东同志的领导地位。', options: [], points: 10, answer: 'T' },
  ],
  ...over,
})

describe('我的考试', { timeout: 30_000 }, () => {
  it('lists the exams with their standing and starts one after confirmation', async () => {
    mock.onGet('/api/ks/my').reply(200, [myExam(), myExam({ id: 8, title: '入党积极分子结业考试', status: 'done', used: 1, score: 85, passed: true, graded: true, lastTried: 9 })])
    const started: unknown[] = []
    mock.onPost('/api/ks/my/7/start').reply((c) => {
      started.push(body(c))
      return [200, view()]
    })
    mock.onGet('/api/ks/attempt/3').reply(200, view())
    at('/pschool/exam/center')
    expect(await screen.findByText('入党积极分子结业考试')).toBeTruthy()
    expect(screen.getByText('85 分')).toBeTruthy()
    expect(screen.getByText('及格')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '开始考试' }))
    await screen.findByText(/开始后计时 30 分钟/)
    fireEvent.click(screen.getAllByRole('button', { name: /开始考试/ }).at(-1)!)
    expect(await screen.findByText(/中国共产党成立于哪一年/)).toBeTruthy() // the exam page of the attempt begun
    expect(started).toHaveLength(1)
  })

  it('says why the list is empty', async () => {
    mock.onGet('/api/ks/my').reply(200, [])
    at('/pschool/exam/center')
    expect(await screen.findByText(/暂无考试/)).toBeTruthy()
  })
})

describe('考试', { timeout: 30_000 }, () => {
  it('shows the server’s seconds left and autosaves a changed answer', async () => {
    mock.onGet('/api/ks/attempt/3').reply(200, view())
    const saved: unknown[] = []
    mock.onPut('/api/ks/attempt/3/answer').reply((c) => {
      saved.push(body(c))
      return [200, { seq: 2, savedAt: '2026-12-01T01:00:05Z', remaining: 1795 }]
    })
    at('/pschool/exam/take?attempt=3')
    expect(await screen.findByText(/中国共产党成立于哪一年/)).toBeTruthy()
    expect(screen.getByText(/剩余 (30:00|29:59)/)).toBeTruthy()
    fireEvent.click(screen.getAllByRole('radio', { name: /1921/ })[0])
    expect(screen.getByText('1 题未保存')).toBeTruthy()
    await waitFor(() => expect(saved).toEqual([{ seq: 2, answer: 'B' }]), { timeout: 3000 })
    expect(await screen.findByText('已全部保存')).toBeTruthy()
  })

  it('shows the refusal and the result when the attempt was closed on the server', async () => {
    mock.onGet('/api/ks/attempt/3').replyOnce(200, view()).onGet('/api/ks/attempt/3').reply(200, view({ state: 'submitted', stateName: '已交卷', score: 10, passed: true }))
    mock.onPut('/api/ks/attempt/3/answer').reply(409, { status: 409, message: MSG_SUBMITTED })
    at('/pschool/exam/take?attempt=3')
    fireEvent.click((await screen.findAllByRole('radio', { name: /1919/ }))[0])
    expect(await screen.findByText(MSG_SUBMITTED, undefined, { timeout: 3000 })).toBeTruthy()
    expect(await screen.findByText(/已交卷：10 分/)).toBeTruthy()
  })

  it('submits after confirmation and shows the score', async () => {
    mock.onGet('/api/ks/attempt/3').replyOnce(200, view()).onGet('/api/ks/attempt/3').reply(200, view({ state: 'submitted', stateName: '已交卷', score: 20, passed: true }))
    let submitted = 0
    mock.onPost('/api/ks/attempt/3/submit').reply(() => {
      submitted++
      return [200, view({ state: 'submitted', score: 20 })]
    })
    at('/pschool/exam/take?attempt=3')
    fireEvent.click(await screen.findByRole('button', { name: /交\s*卷/ }))
    expect(await screen.findByText(/还有 1 题未作答/)).toBeTruthy()
    fireEvent.click(screen.getAllByRole('button', { name: /^交\s*卷$/ }).at(-1)!)
    expect(await screen.findByText(/已交卷：20 分/)).toBeTruthy()
    expect(submitted).toBe(1)
  })

  it('writes the countdown as minutes and seconds', () => {
    expect(clockText(1800)).toBe('30:00')
    expect(clockText(59)).toBe('00:59')
    expect(clockText(3661)).toBe('1:01:01')
  })
})
