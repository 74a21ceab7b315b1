import { fireEvent, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MemberRow, Offline } from '@/api/generated/hours'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import HoursPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const row = (over: Partial<MemberRow> = {}): MemberRow => ({
  id: 1, name: '李明', orgId: 2, orgName: '计算机教工党支部', hours: { online: 20, offline: 11.9, total: 31.9, target: 32 }, met: false,
  shortfall: 0.1, ...over,
})
const offline = (over: Partial<Offline> = {}): Offline => ({
  id: 7, createTime: '', updateTime: '2026-04-01T00:00:00Z', memberId: 1, orgId: 2, studiedOn: '2026-04-01', year: 2026, title: '学习党章', form: 2,
  hours: 2.5, note: '', state: 0, reason: '', auditedOn: null, memberName: '李明', orgName: '计算机教工党支部', formName: '专题党课',
  stateName: '待审核', ...over,
})

describe('学时统计', { timeout: 30_000 }, () => {
  it('lists the members against their target, and asks the server for 未达标 only', async () => {
    signIn(['xs:list', 'xs:export'])
    mock.onGet('/api/xssb/members').reply((c) => [200, page(c.params.behind ? [row()] : [row(), row({ id: 2, name: '王芳', met: true, shortfall: 0 })])])
    renderWithApp(<HoursPage />)
    expect(await screen.findByText('王芳')).toBeTruthy()
    expect(screen.getByText('未达标')).toBeTruthy()
    expect(screen.getByText('0.1')).toBeTruthy()
    fireEvent.click(screen.getByRole('switch', { name: '只看未达标' }))
    await screen.findByText('李明')
    expect(mock.history.get.at(-1)?.params.behind).toBe(true)
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy()
  })

  it('shows the approve and return buttons to an approver only', async () => {
    signIn(['xs:list', 'xs:add', 'xs:edit', 'xs:del'])
    mock.onGet('/api/xssb/members').reply(200, page([]))
    mock.onGet('/api/xssb/offline').reply(200, page([offline()]))
    renderWithApp(<HoursPage />)
    fireEvent.click(await screen.findByRole('tab', { name: '线下学习' }))
    expect(await screen.findByText('学习党章')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /通\s*过/ })).toBeNull()
    expect(screen.getByRole('button', { name: /修\s*改/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: '录入线下学习' })).toBeTruthy()
  })

  it('says why the members table is empty', async () => {
    signIn(['xs:list'])
    mock.onGet('/api/xssb/members').reply(200, page([]))
    renderWithApp(<HoursPage />)
    expect(await screen.findByText('您的管理范围内暂无正常状态的党员')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
  })
})
