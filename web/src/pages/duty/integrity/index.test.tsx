import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import IntegrityPage from './index'

let mock: MockAdapter
beforeEach(() => { mock = mockApi() })
afterEach(() => mock.restore())

describe('duty/integrity 德廉档案', { timeout: 30_000 }, () => {
  it('shows a member their own archive, without the unsigned list', async () => {
    signIn(['dlda:mine'])
    mock.onGet('/api/dlda/records').reply(200, page([]))
    renderWithApp(<MemoryRouter><IntegrityPage /></MemoryRouter>)
    expect(await screen.findByText(/您还没有德廉档案记录/)).toBeTruthy()
    expect(screen.queryByText('未签承诺书')).toBeNull()
  })

  it('shows a committee the unsigned tab', async () => {
    signIn(['dlda:mine', 'dlda:list'])
    mock.onGet('/api/dlda/records').reply(200, page([]))
    renderWithApp(<MemoryRouter><IntegrityPage /></MemoryRouter>)
    expect(await screen.findByText('未签承诺书')).toBeTruthy()
  })
})
