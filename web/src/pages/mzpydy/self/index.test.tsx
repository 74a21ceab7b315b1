import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Mine, MineView } from '@/api/generated/appraisal'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import AppraisalSelfPage from './index'

const ROUND: Mine = {
  id: 21, roundId: 5, year: 2026, orgName: '计算机教工党支部', roundState: 'self', probation: false, summary: '', summaryState: 0, savedAt: null,
  submittedAt: null, updateTime: '2026-11-20T08:00:00Z', grade: '', ballotId: null, editable: true,
}
const VIEW: MineView = { template: '一、思想政治方面', minWords: 10, maxWords: 20, rounds: [ROUND] }

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/mzpy/self').reply(200, VIEW)
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/mzpydy/self']}>
      <AppraisalSelfPage />
    </MemoryRouter>,
  )

describe('mzpydy/self 个人总结', { timeout: 30_000 }, () => {
  it('starts from the template, counts the words live, saves a draft and submits within the bounds', async () => {
    signIn(['mzpy:self'])
    const sent: { how: string; body: unknown }[] = []
    mock.onPut('/api/mzpy/self/21').reply((c) => {
      sent.push({ how: 'save', body: body(c) })
      return [200, ROUND]
    })
    mock.onPost('/api/mzpy/self/21/submit').reply((c) => {
      sent.push({ how: 'submit', body: body(c) })
      return [200, { ...ROUND, summaryState: 2, editable: false }]
    })
    renderPage()
    const box = (await screen.findByLabelText('个人总结')) as HTMLTextAreaElement
    expect(box.value).toBe('一、思想政治方面')
    expect(screen.getByText('已写 8 字（提交时不少于 10 字，不超过 20 字）')).toBeTruthy()
    expect(screen.getByRole('button', { name: /提\s*交/ }).hasAttribute('disabled')).toBe(true)
    fireEvent.change(box, { target: { value: '一二三四五 六七八九十 一二三四五六七八九十一' } })
    expect(screen.getByText(/已写 21 字/)).toBeTruthy()
    expect(screen.getByRole('button', { name: /保存草稿/ }).hasAttribute('disabled')).toBe(true) // beyond the maximum
    fireEvent.change(box, { target: { value: '一二三四五 六七八九十 一' } })
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }))
    await waitFor(() => expect(sent).toEqual([{ how: 'save', body: { summary: '一二三四五 六七八九十 一', updateTime: ROUND.updateTime } }]))
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))
    const dialog = (await screen.findByText('提交后不能再修改。确定提交吗？')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(sent[1]?.how).toBe('submit'))
  })

  it('says why there is nothing to write', async () => {
    signIn(['mzpy:self'])
    mock.onGet('/api/mzpy/self').reply(200, { ...VIEW, rounds: [] })
    renderPage()
    expect(await screen.findByText(/尚未开展民主评议党员/)).toBeTruthy()
  })
})
