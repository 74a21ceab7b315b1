import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TaskView } from '@/api/generated/duty'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import DutyReportPage from './index'

const TASK: TaskView = {
  id: 3, createTime: '2026-11-01T08:00:00Z', updateTime: '2026-11-01T08:00:00Z', title: '2026年度二级党委书记述职', kind: 'debrief', target: 'unit',
  orgId: 1, period: '2026年度', dueOn: '2026-12-20', createdBy: '组织部', orgName: '学校党委', kindName: '述职报告', targetName: '下级党组织',
  total: 5, submitted: 3, missing: 2, late: 1, passed: 2, canReview: true,
}

let mock: MockAdapter
beforeEach(() => { mock = mockApi() })
afterEach(() => mock.restore())

const renderPage = (url = '/duty/zbgz') => renderWithApp(<MemoryRouter initialEntries={[url]}><DutyReportPage /></MemoryRouter>)

describe('duty/report 值班工作报告', { timeout: 30_000 }, () => {
  it('lists the tasks with their progress', async () => {
    signIn(['zbgz:list', 'zbgz:task'])
    mock.onGet('/api/zbgz/tasks').reply(200, page([TASK]))
    renderPage()
    const row = (await screen.findByText(TASK.title)).closest('tr') as HTMLElement
    expect(row.textContent).toContain('2026-12-20')
    expect(screen.getByRole('button', { name: '发布任务' })).toBeTruthy()
    expect(mock.history.get.find((r) => r.url === '/api/zbgz/tasks')?.params).toMatchObject({ page: 0, size: 20 })
  })

  it('says why 我的报告 is empty', async () => {
    signIn(['zbgz:list', 'zbgz:submit'])
    mock.onGet('/api/zbgz/mine').reply(200, [])
    renderPage('/duty/zbgz?tab=mine')
    expect(await screen.findByText(/暂无需要您提交的报告/)).toBeTruthy()
  })
})
