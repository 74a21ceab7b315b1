import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { MemoryRouter } from 'react-router'
import type { Due, Rules } from './api'
import CadreRemindersPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const due: Due = {
  type: 205, typeName: '干部退休到期提醒', recordId: 7, cadreId: 7, name: '王强', unitName: '计算机学院', post: '院长',
  dueOn: '2027-03-01', title: '计算机学院院长王强将于2027-03达到法定退休年龄', content: '王强，1966-09出生，法定退休年龄60岁6个月',
}

const rules: Rules = {
  rules: [{ type: 205, name: '干部退休到期提醒', window: 180, defaultWindow: 180, enabled: 1, runState: 1, lastRunTime: null, lastCount: 0, lastError: '', open: 1 }],
  settings: [{ key: 'gb.remind.ageLimit.3', name: '正处级任职年龄界限（周岁）', value: 58, default: 58, min: 45, max: 63, zero: true, remark: '学校自定；0表示不提醒' }],
}

describe('干部提醒', { timeout: 20_000 }, () => {
  it('lists the cadres due and filters by type', async () => {
    signIn([PERM.gbtxList])
    const asked: unknown[] = []
    mock.onGet('/api/gb/tx/due').reply((c) => {
      asked.push(c.params)
      return [200, { content: [due], totalElements: 1 }]
    })
    renderWithApp(<MemoryRouter><CadreRemindersPage /></MemoryRouter>)
    expect(await screen.findByText('王强')).toBeTruthy()
    expect(screen.getByText('王强').closest('a')!.getAttribute('href')).toBe('/gb/jbxx?id=7')
    expect(asked[0]).toEqual({ page: 0, size: 20 })
  })

  it('shows the rules read-only without gbtx:config and lets a holder change a setting', async () => {
    signIn([PERM.gbtxList])
    mock.onGet('/api/gb/tx/due').reply(200, { content: [], totalElements: 0 })
    mock.onGet('/api/gb/tx/rules').reply(200, rules)
    const first = renderWithApp(<MemoryRouter><CadreRemindersPage /></MemoryRouter>)
    expect(await screen.findByText('提醒期内没有到期的记录')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: '提醒设置' }))
    expect(await screen.findByText('正处级任职年龄界限（周岁）')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '修改' })).toBeNull()
    first.unmount()

    signIn([PERM.gbtxList, PERM.gbtxConfig])
    const sent: unknown[] = []
    mock.onPut('/api/gb/tx/settings').reply((c) => {
      sent.push(JSON.parse(c.data as string))
      return [204]
    })
    renderWithApp(<MemoryRouter><CadreRemindersPage /></MemoryRouter>)
    fireEvent.click(await screen.findByRole('tab', { name: '提醒设置' }))
    fireEvent.click(await screen.findByRole('button', { name: '修改' }))
    const input = await screen.findByRole('spinbutton')
    fireEvent.change(input, { target: { value: '60' } })
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(sent).toEqual([{ key: 'gb.remind.ageLimit.3', value: 60 }]))
  })
})
