import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const ORG_WARNING = { orgId: 3, orgName: '数学教工党支部', rule: 'TERM_OVERDUE', level: 'error' as const, message: '已到期未换届（任期已于2026-10-01届满）' }
vi.mock('@/api/home', () => ({ orgWarningPage: vi.fn(() => Promise.resolve({ content: [ORG_WARNING], totalElements: 12 })) }))
vi.mock('@/api/message', () => ({
  workSummary: vi.fn(() => Promise.resolve({ total: 0, groups: [] })),
  remindPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 0 })),
  warningPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 2, totalWarningNum: 2 })),
}))

import * as home from '@/api/home'
import { PERM } from '@/api/permissions'
import { signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { useCountersStore } from '@/stores/counters'
import CounterBadges from './CounterBadges'

let location = ''
function Where() {
  const l = useLocation()
  location = l.pathname + l.search
  return null
}

const renderBadges = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/system/user']}>
      <Where />
      <Routes>
        <Route path="*" element={<CounterBadges />} />
      </Routes>
    </MemoryRouter>,
  )

describe('top bar counters: 预警', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.mocked(home.orgWarningPage).mockClear()
    useCountersStore.getState().reset()
  })

  it('counts the organisation warnings of the scope with the own ones and lists them, each opening its organisation', async () => {
    signIn([PERM.homeView])
    await useCountersStore.getState().refreshWarning()
    renderBadges()
    const badge = screen.getByRole('button', { name: '预警' })
    expect(badge.querySelector('.ant-badge')!.textContent).toContain('14')

    fireEvent.click(badge)
    expect(await screen.findByText('组织预警（12）')).toBeTruthy()
    // Opening asks again: the list is computed on read, never a stale copy.
    await waitFor(() => expect(home.orgWarningPage).toHaveBeenCalledTimes(2))
    expect(screen.getByText('已到期')).toBeTruthy()
    expect(screen.getByText(ORG_WARNING.message)).toBeTruthy()
    expect(screen.getByRole('link', { name: '全部 12 条组织预警' }).getAttribute('href')).toBe('/home/home')
    expect(screen.getByRole('link', { name: '我的预警消息（2）' }).getAttribute('href')).toBe('/message/warning')

    fireEvent.click(screen.getByRole('link', { name: '数学教工党支部' }))
    expect(location).toBe('/party/dzz?id=3')
  })

  it('without home:view it counts and links the own warnings only', async () => {
    signIn(['user:list'])
    await useCountersStore.getState().refreshWarning()
    renderBadges()
    const badge = screen.getByRole('button', { name: '预警' })
    expect(badge.querySelector('.ant-badge')!.textContent).toContain('2')
    fireEvent.click(badge)
    expect(await screen.findByRole('link', { name: '我的预警消息（2）' })).toBeTruthy()
    expect(screen.queryByText(/组织预警/)).toBeNull()
    expect(home.orgWarningPage).not.toHaveBeenCalled()
  })
})
