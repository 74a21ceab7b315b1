import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { entry } from './fixtures'
import PointsPage from './index'

let mock: MockAdapter
let asked: Record<string, unknown>[]
beforeEach(() => {
  mock = mockApi()
  asked = []
  mock.onGet('/api/jf/entries').reply((c) => {
    asked.push(c.params as Record<string, unknown>)
    return [200, page([entry(), entry({ id: 2, points: -2, kind: 'reversal', kindName: '冲正', text: '冲正：参加组织生活：学习党章（2026-03-10）' })])]
  })
})
afterEach(() => mock.restore())

describe('党员积分 积分明细', { timeout: 30_000 }, () => {
  it('lists the year\'s ledger with each entry\'s source and signed points', async () => {
    signIn(['jf:list'])
    renderWithApp(<PointsPage />)
    expect(await screen.findByText('参加组织生活：学习党章（2026-03-10）')).toBeTruthy()
    expect(screen.getByText('冲正：参加组织生活：学习党章（2026-03-10）')).toBeTruthy()
    expect(screen.getByText('+2')).toBeTruthy()
    expect(asked[0]).toMatchObject({ page: 0, size: 20, year: new Date().getFullYear() })
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
  })

  it('offers the export to jf:export', async () => {
    signIn(['jf:list', 'jf:export'])
    renderWithApp(<PointsPage />)
    expect(await screen.findByRole('button', { name: /导\s*出/ })).toBeTruthy()
  })
})
