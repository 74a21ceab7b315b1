import { fireEvent, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { LINK_INVALID } from '../api'
import AnonymousPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const renderAt = (path: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<AnonymousPage />} />
      </Routes>
    </MemoryRouter>,
  )

describe('/cadre/anonymous', { timeout: 30_000 }, () => {
  it('shows the paper\'s 述职报告 for the link\'s code, then opens the paper with the same code, nothing typed', async () => {
    const asked: unknown[] = []
    mock.onPost('/api/gbkh/papers/reports').reply((c) => {
      asked.push(body(c))
      return [200, [{ cadreName: '王超', post: '院长', text: '一年来的工作' }, { cadreName: '李明', post: '', text: '' }]]
    })
    const opened: unknown[] = []
    mock.onPost('/api/ballot/code/paper').reply((c) => {
      opened.push(body(c))
      return [200, { title: '计算机学院干部测评', voted: false, over: false, closesAt: null, paper: { questions: [] } }]
    })
    renderAt('/cadre/anonymous?round=71&code=ab12cd34')
    expect(await screen.findByText('王超 · 院长')).toBeTruthy()
    expect(screen.getByText('李明')).toBeTruthy()
    expect(asked).toEqual([{ round: 71, code: 'ab12cd34' }])
    fireEvent.click(screen.getByRole('button', { name: '开始测评' }))
    expect(await screen.findByText('计算机学院干部测评')).toBeTruthy()
    expect(opened).toEqual([{ round: 71, code: 'ab12cd34' }])
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('says in one sentence that a spent or invalid link does not open', async () => {
    mock.onPost('/api/gbkh/papers/reports').reply(404, { status: 404, message: '测评码无效' })
    renderAt('/cadre/anonymous?round=71&code=spent')
    expect(await screen.findByText(LINK_INVALID)).toBeTruthy()
    expect(screen.queryByRole('button', { name: '开始测评' })).toBeNull()
  })

  it('refuses a link without its round or code, and a spent code at the paper', async () => {
    const { unmount } = renderAt('/cadre/anonymous?round=71')
    expect(await screen.findByText(LINK_INVALID)).toBeTruthy()
    unmount()
    mock.onPost('/api/ballot/code/paper').reply(409, { status: 409, message: '该票码已使用' })
    renderAt('/cadre/anonymous/evaluation?round=71&code=spent')
    expect(await screen.findByText(LINK_INVALID)).toBeTruthy()
  })
})
