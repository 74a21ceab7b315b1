import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { rules } from './fixtures'
import PointsPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/jf/entries').reply(200, page([]))
  mock.onGet('/api/jf/rules').reply(200, rules)
})
afterEach(() => mock.restore())

const openRules = async () => {
  renderWithApp(<PointsPage />)
  fireEvent.click(await screen.findByRole('tab', { name: '积分规则' }))
}

describe('党员积分 积分规则', { timeout: 30_000 }, () => {
  it('shows the rules read-only without jf:rule', async () => {
    signIn(['jf:list'])
    await openRules()
    expect(await screen.findByText('扣 2 分')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '保存规则' })).toBeNull()
  })

  it('lets the organisation department change a rule and sends only the changed ones', async () => {
    signIn(['jf:list', 'jf:rule'])
    const sent: unknown[] = []
    mock.onPut('/api/jf/rules').reply((c) => {
      sent.push(body(c))
      return [200, rules.map((r) => (r.key === 'attend' ? { ...r, points: 3 } : r))]
    })
    await openRules()
    const attend = await screen.findByLabelText('参加组织生活（每次）')
    fireEvent.change(attend, { target: { value: '3' } })
    fireEvent.blur(attend)
    fireEvent.click(screen.getByRole('button', { name: '保存规则' }))
    await waitFor(() => expect(sent).toEqual([{ attend: 3 }]))
    expect(await screen.findByText('积分规则已保存，此后记入的积分按新规则计算')).toBeTruthy()
  })
})
