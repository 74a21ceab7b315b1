import { fireEvent, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Detail } from '@/api/generated/course'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import CourseStudy from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const detail: Detail = {
  id: 1, orgId: 2, title: '党的二十大精神', intro: '', coverFileId: null, state: 1, nodes: 2, publishedAt: null, createTime: '', updateTime: '',
  orgName: '学校党委', hours: 1.5, stateName: '已发布', learners: 0, doneNodes: 1, doneHours: 1,
  chapters: [{ id: 10, title: '第一章', nodes: [
    { id: 11, title: '第一讲', nodeType: 1, nodeTypeName: '视频', fileName: '', duration: 600, hours: 1, watched: 600, done: true },
    { id: 12, title: '阅读材料', nodeType: 3, nodeTypeName: '图文', fileName: '', duration: 300, hours: 0.5, watched: 65, done: false },
  ] }],
}

describe('课程学习', { timeout: 30_000 }, () => {
  it('shows the nodes with the learner’s progress and opens the study page of each type', async () => {
    signIn(['dx:learn'])
    mock.onGet('/api/pschool/course/1').reply(200, detail)
    renderWithApp(
      <MemoryRouter initialEntries={['/pschool/course?id=1']}>
        <Routes>
          <Route path="/pschool/course" element={<CourseStudy />} />
          <Route path="/pschool/doc/view" element={<p>文档页</p>} />
        </Routes>
      </MemoryRouter>,
    )
    expect(await screen.findByText('第一讲')).toBeTruthy()
    expect(screen.getByText('已完成')).toBeTruthy()
    expect(screen.getByText('时长 5:00 · 0.5 学时 · 已学 1:05')).toBeTruthy()
    expect(screen.getByRole('button', { name: '复习' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '继续学习' }))
    expect(await screen.findByText('文档页')).toBeTruthy()
  })
})
