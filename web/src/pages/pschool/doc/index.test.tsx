import { act, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MSG_TAKEN_OVER, type NodeStudy, type Started } from '@/api/generated/course'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import DocStudy from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => {
  mock.restore()
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
})

const article: NodeStudy = {
  id: 7, title: '阅读材料', nodeType: 3, nodeTypeName: '图文', fileName: '', duration: 120, hours: 0.5, content: '<p>党章全文</p>',
  watched: 0, done: false, courseId: 1, courseTitle: '党的二十大精神', position: 0, inline: false, fileExt: '', recordTime: 30,
}
const started: Started = { session: 'a'.repeat(32), position: 0, watched: 0, duration: 120, done: false, recordTime: 30 }

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('文档学习', { timeout: 30_000 }, () => {
  it('reports when the page is hidden and shown again, and stops when another page took over', async () => {
    signIn(['dx:learn'])
    mock.onGet('/api/pschool/node/7').reply(200, article)
    mock.onPost('/api/pschool/node/7/start').reply(200, started)
    const beats: unknown[] = []
    let status = 200
    mock.onPost('/api/pschool/node/7/beat').reply((c) => {
      beats.push(body(c))
      return status === 200
        ? [200, { credited: 10, watched: 10, duration: 120, position: 0, done: false, completed: false, hours: 0.5, behind: false }]
        : [409, { message: MSG_TAKEN_OVER }]
    })
    renderWithApp(<MemoryRouter initialEntries={['/pschool/doc/view?node=7']}><DocStudy /></MemoryRouter>)
    expect(await screen.findByText('党章全文')).toBeTruthy()
    await waitFor(() => expect(mock.history.post.filter((r) => r.url?.endsWith('/start'))).toHaveLength(1))
    act(() => setVisibility('hidden'))
    await waitFor(() => expect(beats).toHaveLength(1))
    expect(beats[0]).toMatchObject({ session: started.session, visible: true, position: 0 })
    expect(await screen.findByText(/已学 0:10/)).toBeTruthy()
    status = 409
    act(() => setVisibility('visible'))
    await waitFor(() => expect(beats).toHaveLength(2))
    expect(beats[1]).toMatchObject({ visible: false })
    expect(await screen.findByText(MSG_TAKEN_OVER)).toBeTruthy()
    // Stopped: no more reports.
    act(() => setVisibility('hidden'))
    expect(beats).toHaveLength(2)
  })

  it('offers an Office document as a download and says why', async () => {
    signIn(['dx:learn'])
    mock.onGet('/api/pschool/node/8').reply(200, { ...article, id: 8, nodeType: 2, content: '', fileName: '学习材料.docx', fileExt: 'docx' })
    mock.onPost('/api/pschool/node/8/start').reply(200, started)
    renderWithApp(<MemoryRouter initialEntries={['/pschool/doc/view?node=8']}><DocStudy /></MemoryRouter>)
    expect(await screen.findByText('该文档为 DOCX 格式，浏览器无法直接显示，请下载后阅读')).toBeTruthy()
    expect(screen.getByRole('button', { name: '下载文档' })).toBeTruthy()
  })

  it('says when the node does not exist', async () => {
    signIn(['dx:learn'])
    mock.onGet('/api/pschool/node/9').reply(404, { message: '课程内容不存在或未发布' })
    renderWithApp(<MemoryRouter initialEntries={['/pschool/doc/view?node=9']}><DocStudy /></MemoryRouter>)
    expect(await screen.findByText('学习内容不存在或已停止发布')).toBeTruthy()
  })
})
