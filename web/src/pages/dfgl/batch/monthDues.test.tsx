import { screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Batch } from './api'
import { useMonthDues } from './monthDues'

function Probe({ filters }: { filters?: Record<string, string> }) {
  const { month, crud, monthBar } = useMonthDues('probe', filters)
  return (
    <>
      {monthBar}
      <span data-testid="month">{month ?? 'none'}</span>
      <span data-testid="rows">{crud.rows.map((d) => d.memberName).join(',')}</span>
    </>
  )
}

let mock: MockAdapter
let asked: Record<string, unknown>[]
beforeEach(() => {
  mock = mockApi()
  asked = []
  mock.onGet('/api/dfgl/due').reply((c) => {
    asked.push(c.params as Record<string, unknown>)
    return [200, page([{ id: 1, memberName: '张三' }])]
  })
})
afterEach(() => mock.restore())

describe('useMonthDues', { timeout: 30_000 }, () => {
  it('picks the newest started month and asks for its dues with the given filters', async () => {
    signIn(['df:list'])
    mock.onGet('/api/dfgl/batch').reply(200, page([{ id: 2, month: '2026-11', state: 'open', stateLabel: '缴费中' } as Batch]))
    renderWithApp(<Probe filters={{ state: 'unpaid' }} />)
    expect(await screen.findByText('张三')).toBeTruthy()
    expect(screen.getByTestId('month').textContent).toBe('2026-11')
    expect(asked.at(-1)).toMatchObject({ month: '2026-11', state: 'unpaid' })
  })

  it('asks nothing while no month has started', async () => {
    signIn(['df:list'])
    mock.onGet('/api/dfgl/batch').reply(200, page([]))
    const { client } = renderWithApp(<Probe />)
    expect(await screen.findByText('尚无启动缴费的月份')).toBeTruthy()
    // Let the months' answer arrive and the page settle: still no month, so no list is asked for.
    await waitFor(() => expect(mock.history.get.some((r) => r.url === '/api/dfgl/batch')).toBe(true))
    await waitFor(() => expect(client.isFetching()).toBe(0))
    expect(screen.getByTestId('month').textContent).toBe('none')
    expect(asked).toEqual([])
  })
})
