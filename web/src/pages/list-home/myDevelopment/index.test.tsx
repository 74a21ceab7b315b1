import { screen, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import MyDevelopmentPage from './index'
import type { MyDevelopment } from './service'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn(['dy:home'])
})
afterEach(() => mock.restore())

const probationer: MyDevelopment = {
  linked: true, stage: 'probationary', stageLabel: '预备党员', orgName: '计算机教工党支部', probationFrom: '2026-03-01', probationTo: '2027-03-01',
  extensions: 0, fullOn: '', fullStatus: '预备期至 2027-03-01 期满，待转正', endedOn: '',
  done: [
    { no: 1, key: 'apply', name: '递交入党申请书', on: '2023-03-01' },
    { no: 15, key: 'branchMeeting', name: '支部大会讨论接收预备党员', on: '2026-03-01' },
    { no: 20, key: 'oath', name: '入党宣誓', on: '2026-07-01' },
  ],
  next: { no: 21, key: 'probationEducation', name: '继续教育考察', on: '' },
}

describe('我的发展', { timeout: 20_000 }, () => {
  it('shows the probation from–to, 转正 status, the steps done with their dates and the next one, from the member’s own API', async () => {
    mock.onGet('/api/fzdy/mine').reply(200, probationer)
    renderWithApp(<MyDevelopmentPage />)
    expect(await screen.findByText('2026-03-01 至 2027-03-01')).toBeTruthy()
    expect(screen.getByTestId('full-status').textContent).toBe('预备期至 2027-03-01 期满，待转正')
    expect(screen.getByText('㉑ 继续教育考察', { selector: '.ant-descriptions-item-content' })).toBeTruthy()
    const steps = document.querySelector('.ant-steps') as HTMLElement
    expect(within(steps).getByText('① 递交入党申请书')).toBeTruthy()
    expect(within(steps).getByText('⑮ 支部大会讨论接收预备党员')).toBeTruthy()
    expect(within(steps).getByText('2026-07-01')).toBeTruthy()
    expect(within(steps).getByText('㉑ 继续教育考察')).toBeTruthy()
    expect(screen.queryByText('未填写')).toBeNull()
    for (const r of mock.history.get) expect(r.params?.id).toBeUndefined()
  })

  it('says so when no development record is linked, without zeros', async () => {
    mock.onGet('/api/fzdy/mine').reply(200, { ...probationer, linked: false, done: [], next: null, probationFrom: '', probationTo: '' })
    renderWithApp(<MyDevelopmentPage />)
    expect(await screen.findByText(/系统中没有您的发展党员记录/)).toBeTruthy()
    expect(screen.queryByText('预备期')).toBeNull()
  })
})
