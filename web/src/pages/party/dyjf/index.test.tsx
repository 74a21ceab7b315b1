import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import PointsPage from './index'

vi.mock('@/api/request', () => ({
  get: vi.fn(() => Promise.resolve({ content: [{ id: 1, memberName: '张三', orgName: '计算机教工党支部', year: 2026, points: 2,
    kindName: '参加组织生活', text: '参加组织生活：学习党章（2026-03-10）', link: '', createTime: '' }], totalElements: 1 })),
}))

describe('党员积分', () => {
  it('lists the ledger with each entry\'s source', async () => {
    render(<PointsPage />)
    expect(await screen.findByText('参加组织生活：学习党章（2026-03-10）')).toBeTruthy()
    expect(screen.getByText('张三')).toBeTruthy()
  })
})
