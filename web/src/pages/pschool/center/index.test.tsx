import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LearnerView } from '@/api/generated/course'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import StudyCenter, { percentDone } from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const course = (over: Partial<LearnerView> = {}): LearnerView => ({
  id: 1, orgId: 2, title: '党的二十大精神', intro: '学习二十大报告', coverFileId: null, state: 1, nodes: 4, publishedAt: '2026-11-30T01:00:00Z',
  createTime: '2026-11-30T01:00:00Z', updateTime: '2026-11-30T01:00:00Z', orgName: '学校党委', hours: 4, doneNodes: 1, doneHours: 1, ...over,
})

describe('学习中心', { timeout: 30_000 }, () => {
  it('lists the published courses with the learner’s progress', async () => {
    signIn(['dx:learn'])
    mock.onGet('/api/pschool/course').reply(200, page([course()]))
    renderWithApp(<MemoryRouter><StudyCenter /></MemoryRouter>)
    expect(await screen.findByText('党的二十大精神')).toBeTruthy()
    expect(screen.getByText('已完成 1/4 个节点，已获 1 学时')).toBeTruthy()
  })

  it('says why there is nothing to study', async () => {
    signIn(['dx:learn'])
    mock.onGet('/api/pschool/course').reply(200, page([]))
    renderWithApp(<MemoryRouter><StudyCenter /></MemoryRouter>)
    expect(await screen.findByText(/暂无可学习的课程/)).toBeTruthy()
  })

  it('computes the share of 学时 done', () => {
    expect(percentDone({ hours: 4, doneHours: 1 })).toBe(25)
    expect(percentDone({ hours: 0, doneHours: 0 })).toBe(0)
  })
})
