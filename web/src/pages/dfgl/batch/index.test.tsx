import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { yuan, type Batch } from './api'
import FeeBatchPage, { rate } from './index'

const batch = (over: Partial<Batch>): Batch => ({
  id: 1, month: '2026-10', state: 'open', stateLabel: '缴费中', members: 3, dueFen: 12345, remark: '', reason: '', createdBy: 'admin',
  scope: { members: 3, months: 3, unpaidMonths: 2, dueFen: 12345, paidFen: 4115, extraFen: 0, outstandingFen: 8230, rateBp: 3333, peopleRateBp: 3333 },
  startedAt: '2026-10-01T00:00:00Z', settledAt: null, createdAt: '2026-10-01T00:00:00Z', updatedAt: '2026-10-01T00:00:00Z', ...over,
})

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dfgl/batch').reply(200, page([batch({}), batch({ id: 2, month: '2026-11', state: 'created', stateLabel: '创建', members: 0, dueFen: 0, startedAt: null,
    scope: { members: 0, months: 0, unpaidMonths: 0, dueFen: 0, paidFen: 0, extraFen: 0, outstandingFen: 0, rateBp: 10000, peopleRateBp: 10000 } })]))
})
afterEach(() => mock.restore())

describe('yuan and rate', () => {
  it('writes fen as 元 exactly, negative reversals too', () => {
    expect(yuan(0)).toBe('0.00')
    expect(yuan(5)).toBe('0.05')
    expect(yuan(12345)).toBe('123.45')
    expect(yuan(-20)).toBe('-0.20')
    expect(rate(1, 3)).toBe('33.3%')
    expect(rate(0, 0)).toBe('—')
  })
})

describe('dfgl/batch', { timeout: 30_000 }, () => {
  it('lists the months with their figures in the caller’s scope; without df:batch it neither creates, starts nor settles', async () => {
    signIn(['df:list'])
    renderWithApp(<FeeBatchPage />)
    const row = (await screen.findByText('2026-10')).closest('tr') as HTMLElement
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent)
    expect(cells.slice(0, 9)).toEqual(['2026-10', '缴费中', '3', '2', '123.45', '41.15', '82.30', '33.33%', '33.33%'])
    const created = (await screen.findByText('2026-11')).closest('tr') as HTMLElement
    expect(within(created).getAllByRole('cell').map((c) => c.textContent).slice(2, 9)).toEqual(['0', '0', '0.00', '0.00', '0.00', '—', '—'])
    expect(within(row).getByRole('button', { name: /汇\s*总/ })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新建批次|启动缴费|结\s*算/ })).toBeNull()
  })

  it('starts a created month and settles an open one after asking', async () => {
    signIn(['df:list', 'df:batch'])
    const calls: string[] = []
    mock.onPost(/\/api\/dfgl\/batch\/\d+\/(start|settle)/).reply((c) => {
      calls.push(c.url!)
      return [200, batch({})]
    })
    renderWithApp(<FeeBatchPage />)
    const created = (await screen.findByText('2026-11')).closest('tr') as HTMLElement
    fireEvent.click(within(created).getByRole('button', { name: '启动缴费' }))
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(calls).toEqual(['/api/dfgl/batch/2/start']))
    const open = screen.getByText('2026-10').closest('tr') as HTMLElement
    fireEvent.click(within(open).getByRole('button', { name: /结\s*算/ }))
    expect(await screen.findByText(/结算后该月数据锁定/)).toBeTruthy()
  })

  it('shows the roll-up by 二级党委 and opens a committee’s branches', async () => {
    signIn(['df:list'])
    mock.onGet('/api/dfgl/batch/1/rollup').reply((c) => {
      const p = c.params as { level: string; committeeId?: number }
      if (p.level === 'committee') return [200, [{ orgId: 5, orgName: '计算机学院党委', members: 4, paid: 3, dueFen: 8000, paidFen: 6000 }]]
      return [200, [{ orgId: 9, orgName: '计算机教工党支部', members: 4, paid: 3, dueFen: 8000, paidFen: 6000, committee: p.committeeId }]]
    })
    renderWithApp(<FeeBatchPage />)
    fireEvent.click(within((await screen.findByText('2026-10')).closest('tr') as HTMLElement).getByRole('button', { name: /汇\s*总/ }))
    const line = (await screen.findByText('计算机学院党委')).closest('tr') as HTMLElement
    expect(within(line).getAllByRole('cell').map((c) => c.textContent)).toEqual(['计算机学院党委', '4', '3', '80.00', '60.00', '75.0%', '75.00%'])
    const drawer = line.closest('.ant-drawer') as HTMLElement
    expect(within(drawer).getByText('收缴率（按人数）')).toBeTruthy()
    expect(within(drawer).getByText('收缴率（按金额）')).toBeTruthy()
    fireEvent.click(screen.getByText('计算机学院党委'))
    expect(await screen.findByText('计算机教工党支部')).toBeTruthy()
  })
})
