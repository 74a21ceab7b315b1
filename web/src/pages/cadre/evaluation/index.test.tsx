import { screen, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MyPaper } from '@/api/generated/cadreAssess'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import EvaluationPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn([])
})
afterEach(() => mock.restore())

const paper = (over: Partial<MyPaper> = {}): MyPaper => ({
  ballotRoundId: 71, roundName: '2026年度中层干部考核', unitName: '计算机学院', groupName: '教职工代表', cadres: 3, voted: false, closesAt: null, ...over,
})

const renderAt = (path: string) => renderWithApp(<MemoryRouter initialEntries={[path]}><EvaluationPage /></MemoryRouter>)

describe('/cadre/evaluation', { timeout: 30_000 }, () => {
  it('lists the caller\'s papers: 去测评 for an open one, 已提交 for one answered', async () => {
    mock.onGet('/api/gbkh/evaluation').reply(200, [paper(), paper({ ballotRoundId: 72, unitName: '数学学院', voted: true })])
    renderAt('/cadre/evaluation')
    const open = (await screen.findByText('计算机学院 · 教职工代表 · 3 名干部')).closest('li') as HTMLElement
    expect(within(open).getByRole('link', { name: '去测评' }).getAttribute('href')).toBe('/cadre/evaluation?round=71')
    const done = screen.getByText('数学学院 · 教职工代表 · 3 名干部').closest('li') as HTMLElement
    expect(within(done).getByText('已提交')).toBeTruthy()
    expect(within(done).queryByRole('link')).toBeNull()
  })

  it('says why there is nothing to evaluate', async () => {
    mock.onGet('/api/gbkh/evaluation').reply(200, [])
    renderAt('/cadre/evaluation')
    expect(await screen.findByText('暂无需要您参加的干部考核测评：组织者开始测评后，您所在名单的测评表会显示在这里')).toBeTruthy()
  })

  it('shows a paper\'s 述职报告 above the ballot', async () => {
    mock.onGet('/api/gbkh/papers/71/reports').reply(200, [{ cadreName: '王超', post: '院长', text: '一年来……' }])
    mock.onGet('/api/ballot/71').reply(404, { status: 404, message: '没有找到' })
    renderAt('/cadre/evaluation?round=71')
    expect(await screen.findByText('王超 · 院长')).toBeTruthy()
    expect(await screen.findByText('没有找到需要您参加的投票')).toBeTruthy()
  })
})
