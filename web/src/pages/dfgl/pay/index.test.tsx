import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Batch, Entry, PaymentDetail } from '../batch/api'
import FeePayPage from './index'

const entry = (over: Partial<Entry>): Entry => ({
  id: 7, dueId: 1, paymentId: 9, kind: 'pay', gen: 0, amountFen: 4800, memberId: 1, memberName: '张三', month: '2026-10',
  reversesId: null, reason: '', operator: 'sec', reversed: false, createdAt: '2026-10-05T00:00:00Z', ...over,
})
const payment: PaymentDetail = {
  id: 9, no: 'XC20261005', provider: 'onsite', providerLabel: '现场缴费', state: 'paid', stateLabel: '已支付', amountFen: 4820,
  orgId: 4, orgName: '计算机教工党支部', payer: '收缴员', platformTxn: '', remark: '', paidAt: '2026-10-05T00:00:00Z', createdAt: '2026-10-05T00:00:00Z',
  memberId: null, extraFen: 0, prepayFen: 0, toCentral: false, method: 'cash', methodLabel: '现金', paidOn: '2026-10-05', operator: '收缴员',
  updatedAt: '2026-10-05T00:00:00Z', prepays: [],
  entries: [entry({}), entry({ id: 8, memberName: '李四', amountFen: 20, reversed: true })],
}

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dfgl/batch').reply(200, page([{ id: 1, month: '2026-10', state: 'settled', stateLabel: '已结算' } as Batch]))
  mock.onGet('/api/dfgl/due').reply(200, page([]))
  mock.onGet('/api/dfgl/payment').reply(200, page([payment]))
  mock.onGet('/api/dfgl/payment/9').reply(200, payment)
  mock.onGet('/api/dfgl/payment/options').reply(200, {
    providers: [{ value: 'onsite', label: '现场缴费' }, { value: 'sandbox', label: '演示支付' }],
    states: [{ value: 'paid', label: '已支付' }],
  })
})
afterEach(() => mock.restore())

const openPayments = async () => {
  renderWithApp(<FeePayPage />)
  fireEvent.click(await screen.findByRole('tab', { name: '缴费记录' }))
  fireEvent.click(within((await screen.findByText('XC20261005')).closest('tr') as HTMLElement).getByRole('button', { name: /详\s*情/ }))
  return (await screen.findByText('缴费记录 XC20261005')).closest('.ant-drawer') as HTMLElement
}

describe('dfgl/pay', { timeout: 30_000 }, () => {
  it('reverses a payment entry with a reason; a reversed one offers nothing', async () => {
    signIn(['df:list', 'df:reverse'])
    const sent: unknown[] = []
    mock.onPost('/api/dfgl/entry/7/reverse').reply((c) => {
      sent.push(body(c))
      return [201, entry({ id: 10, kind: 'reverse', amountFen: -4800, reversesId: 7 })]
    })
    const drawer = await openPayments()
    const li = within(drawer).getByText('李四').closest('tr') as HTMLElement
    expect(within(li).getByText('已冲正')).toBeTruthy()
    expect(within(li).queryByRole('button', { name: /冲\s*正/ })).toBeNull()
    fireEvent.click(within(within(drawer).getByText('张三').closest('tr') as HTMLElement).getByRole('button', { name: /冲\s*正/ }))
    const dialog = (await screen.findByText('冲正：张三 2026-10 48.00 元')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: /确定冲正/ }))
    expect(await within(dialog).findByText('请输入冲正原因')).toBeTruthy()
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: ' 收错人 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /确定冲正/ }))
    await waitFor(() => expect(sent).toEqual([{ reason: '收错人' }]))
  })

  it('中组发〔2008〕3号: an extra of 1,000 元 shows 上缴中央 in the list and the detail; a prepaid month is refunded with a reason', async () => {
    signIn(['df:list', 'df:reverse'])
    const withWays: PaymentDetail = {
      ...payment, amountFen: 104820, extraFen: 100000, prepayFen: 20, toCentral: true,
      entries: [entry({}), entry({ id: 11, kind: 'extra', amountFen: 100000 })],
      prepays: [{ id: 3, paymentId: 9, memberId: 1, month: '2026-12', amountFen: 20, leftFen: 20, refundedFen: 0, state: 'held', stateLabel: '待抵扣', dueId: null, entryId: null, reason: '', operator: '收缴员', createdAt: '', updatedAt: '', paymentNo: 'XC20261005' }],
    }
    mock.onGet('/api/dfgl/payment').reply(200, page([withWays]))
    mock.onGet('/api/dfgl/payment/9').reply(200, withWays)
    const sent: unknown[] = []
    mock.onPost('/api/dfgl/prepay/3/refund').reply((c) => {
      sent.push(body(c))
      return [200, { ...withWays.prepays![0], leftFen: 0, state: 'refunded' }]
    })
    const drawer = await openPayments()
    const listed = screen.getAllByText('XC20261005').map((e) => e.closest('.ant-table-row')).find(Boolean) as HTMLElement
    expect(within(listed).getByText('上缴中央')).toBeTruthy()
    expect(within(drawer).getByText('上缴中央')).toBeTruthy()
    expect(within(drawer).getByText('自愿多交')).toBeTruthy()
    expect(within(within(drawer).getByText('自愿多交').closest('tr') as HTMLElement).getByRole('button', { name: /冲\s*正/ })).toBeTruthy()
    fireEvent.click(within(within(drawer).getByText('2026-12').closest('tr') as HTMLElement).getByRole('button', { name: /退\s*还/ }))
    const dialog = (await screen.findByText('退还预交：2026-12 余额 0.20 元')).closest('.ant-modal') as HTMLElement
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '党员申请' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /确定退还/ }))
    await waitFor(() => expect(sent).toEqual([{ reason: '党员申请' }]))
  })

  it('without df:reverse the detail only shows', async () => {
    signIn(['df:list'])
    const drawer = await openPayments()
    expect(within(drawer).getByText('48.20')).toBeTruthy()
    expect(within(drawer).queryByRole('button', { name: /冲\s*正/ })).toBeNull()
  })
})
