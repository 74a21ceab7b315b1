import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { MyDue, MyFees as Fees } from '@/pages/dfgl/batch/api'
import MyFees from './MyFees'

const due = (id: number, month: string, over: Partial<MyDue> = {}): MyDue => ({
  id, batchId: id, month, memberId: 1, memberName: '张三', orgId: 4, orgName: '支部', committeeId: null, category: '在职',
  dueFen: 4800, paidFen: 0, working: '', state: 'unpaid', stateLabel: '未缴', payable: true, ...over,
})
const fees = (over: Partial<Fees> = {}): Fees => ({
  memberName: '张三', paidUpTo: '2026-09', backMonths: 6, online: true, payments: [],
  dues: [due(3, '2026-11'), due(2, '2026-10'), due(1, '2026-09', { paidFen: 4800, state: 'paid', stateLabel: '已缴', payable: false })],
  ...over,
})

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn(['dy:home'])
})
afterEach(() => mock.restore())

describe('我的党费', { timeout: 30_000 }, () => {
  it('pays the chosen payable months online: the server makes the order and the page goes to the platform', async () => {
    mock.onGet('/api/dfgl/mine').reply(200, fees())
    const sent: unknown[] = []
    mock.onPost('/api/dfgl/mine/order').reply((c) => {
      sent.push(body(c))
      return [201, { no: 'DF1', amountFen: 9600, payUrl: '/api/dfgl/pay/sandbox?no=DF1' }]
    })
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    renderWithApp(<MyFees />)
    expect(await screen.findByText('已缴至 2026-09')).toBeTruthy()
    const paid = screen.getByText('2026-09').closest('tr') as HTMLElement
    expect(within(paid).getByRole('checkbox')).toHaveProperty('disabled', true)
    fireEvent.click(within(screen.getByText('2026-11').closest('tr') as HTMLElement).getByRole('checkbox'))
    fireEvent.click(within(screen.getByText('2026-10').closest('tr') as HTMLElement).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: /在线缴费 96.00 元/ }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/dfgl/pay/sandbox?no=DF1'))
    expect(sent).toEqual([{ dueIds: [3, 2] }])
    vi.unstubAllGlobals()
  })

  it('without online payment it says to pay at the branch', async () => {
    mock.onGet('/api/dfgl/mine').reply(200, fees({ online: false }))
    renderWithApp(<MyFees />)
    expect(await screen.findByText('在线缴费未开通，请向所在党支部现场缴纳')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /在线缴费/ })).toBeNull()
  })

  it('shows nothing for an account without a member record', async () => {
    mock.onGet('/api/dfgl/mine').reply(404, { message: '您的账号未关联党员信息' })
    renderWithApp(<MyFees />)
    await waitFor(() => expect(screen.queryByText('我的党费')).toBeNull())
  })
})
