import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Plan } from '@/api/develop'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import DevPlanPage from './index'
import { ok } from '@/test/page'

const plan = (over: Partial<Plan>): Plan => ({ id: 1, year: 2026, orgId: 2, orgName: '计算机学院党委', orgType: '2', quota: 10, used: 4, remark: '', ...over })

let mock: MockAdapter
let years: unknown[]
beforeEach(() => {
  mock = mockApi()
  years = []
  mock.onGet('/api/fzdy/plans').reply((c) => {
    const year = (c.params as { year: number }).year
    years.push(year)
    return [200, [plan({ year }), plan({ id: null, orgId: 3, orgName: '机械学院党委', quota: null, used: 0, remark: null }), plan({ id: 3, orgId: 4, orgName: '数学系直属党支部', orgType: '4', quota: 2, used: 2 })]]
  })
})
afterEach(() => mock.restore())

describe('develop/plan', { timeout: 30_000 }, () => {
  it('shows the quota, used and remaining per committee of the chosen year', async () => {
    signIn(['fzdy:list'])
    renderWithApp(<DevPlanPage />)
    const row = (await screen.findByText('计算机学院党委')).closest('tr') as HTMLElement
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['计算机学院党委', '10', '4', '6', ''])
    expect(within(screen.getByText('机械学院党委').closest('tr') as HTMLElement).getByText('未下达')).toBeTruthy()
    const full = screen.getByText('数学系直属党支部').closest('tr') as HTMLElement
    expect(within(full).getAllByRole('cell')[3].querySelector('.ant-typography-danger')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /编\s*辑|下\s*达/ })).toBeNull()
    const thisYear = new Date().getFullYear()
    expect(years).toEqual([thisYear])
    fireEvent.mouseDown(screen.getByRole('combobox'))
    fireEvent.click(await screen.findByText(`${thisYear - 1} 年`, { selector: '.ant-select-item-option-content' }))
    await waitFor(() => expect(years).toEqual([thisYear, thisYear - 1]))
  })

  it('sets a quota, never below the places used', async () => {
    signIn(['fzdy:list', 'fzdy:plan'])
    const sent: unknown[] = []
    mock.onPut('/api/fzdy/plans').reply((c) => {
      sent.push(body(c))
      return [200, {}]
    })
    renderWithApp(<DevPlanPage />)
    const row = (await screen.findByText('计算机学院党委')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }))
    const dialog = (await screen.findByText(/年发展计划：计算机学院党委/)).closest('.ant-modal') as HTMLElement
    const quota = dialog.querySelector<HTMLInputElement>('input#quota')!
    fireEvent.change(quota, { target: { value: '3' } })
    ok(dialog)
    expect(await within(dialog).findByText('计划名额不能少于已使用的 4 个')).toBeTruthy()
    expect(sent).toEqual([])
    fireEvent.change(quota, { target: { value: '12' } })
    ok(dialog)
    await waitFor(() => expect(sent).toEqual([{ year: new Date().getFullYear(), orgId: 2, quota: 12, remark: '' }]))
  })
})
