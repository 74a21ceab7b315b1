import { fireEvent, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Rank } from '@/api/generated/points'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import PointsPage from './index'

let mock: MockAdapter
let asked: Record<string, unknown>[]
const ranks: Rank[] = [
  { rank: 1, memberId: 7, memberName: '张三', orgId: 3, orgName: '计算机教工党支部', points: 6 },
  { rank: 2, memberId: 8, memberName: '李四', orgId: 3, orgName: '计算机教工党支部', points: 4 },
  { rank: 2, memberId: 9, memberName: '王五', orgId: 3, orgName: '计算机教工党支部', points: 4 },
]
beforeEach(() => {
  mock = mockApi()
  asked = []
  mock.onGet('/api/jf/entries').reply(200, page([]))
  mock.onGet('/api/common/dzz').reply(200, page([
    { id: 2, pid: null, name: '计算机学院党委', shortName: '', type: '2', typeLabel: '二级党委', parentName: '' },
    { id: 3, pid: 2, name: '计算机教工党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '计算机学院党委' },
  ]))
  mock.onGet('/api/jf/ranking').reply((c) => {
    asked.push(c.params as Record<string, unknown>)
    return [200, page(ranks, 23)]
  })
})
afterEach(() => mock.restore())

describe('党员积分 积分排名', { timeout: 30_000 }, () => {
  it('ranks the caller\'s topmost organisation for the year, paged on the server', async () => {
    signIn(['jf:list'])
    renderWithApp(<PointsPage />)
    fireEvent.click(await screen.findByRole('tab', { name: '积分排名' }))
    expect(await screen.findByText('王五')).toBeTruthy()
    expect(asked[0]).toMatchObject({ orgId: 2, year: new Date().getFullYear(), page: 0, size: 20 })
    expect(screen.getByText('共 23 人')).toBeTruthy()
    fireEvent.click(screen.getByTitle('2'))
    await screen.findByText('王五')
    expect(asked.at(-1)).toMatchObject({ orgId: 2, page: 1 })
  })
})
