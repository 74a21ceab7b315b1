import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/test/api'
import { mockListApi, type ListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import WarningPage from './index'

let api: ListApi
beforeEach(() => {
  api = mockListApi('/api/warning', [
    { id: 1, type: 'TERM_DUE', title: '支部任期即将届满', content: '请及时换届', link: '/dzz?id=3', level: '提醒', resolved: false, createTime: '2026-01-01T00:00:00Z' },
  ])
})
afterEach(() => api.mock.restore())

describe('message/warning', { timeout: 20_000 }, () => {
  it('lists the warnings with their level and a link to the record', async () => {
    signIn(['admin'])
    renderWithApp(<WarningPage />)
    expect(await screen.findByText('支部任期即将届满')).toBeTruthy()
    expect(screen.getByText('提醒')).toBeTruthy()
    expect(screen.getByRole('link', { name: '查看' }).getAttribute('href')).toMatch(/\/dzz\?id=3$/)
    expect(api.queries[0]).toMatchObject({ page: 0, size: 10 })
  })
})
