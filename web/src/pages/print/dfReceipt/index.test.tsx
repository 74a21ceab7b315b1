import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { PaymentDetail } from '@/pages/dfgl/batch/api'
import FeeReceiptPrint from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn(['df:list'])
})
afterEach(() => mock.restore())

const show = (query: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/print/dfReceipt${query}`]}>
      <FeeReceiptPrint />
    </MemoryRouter>,
  )

const entry = (id: number, memberId: number, memberName: string, month: string, amountFen: number) => ({
  id, dueId: id, paymentId: 7, kind: 'pay' as const, amountFen, memberId, memberName, month, gen: 0, reversesId: null, reason: '', operator: 'sec',
  reversed: false, createdAt: '2026-11-20T02:00:00Z',
})

const payment: PaymentDetail = {
  id: 7, no: 'SJ2026000012', provider: 'onsite', providerLabel: '现场缴费', state: 'paid', stateLabel: '已支付', amountFen: 1060,
  orgId: 3, orgName: '计算机教工党支部', payer: '张三', platformTxn: '', remark: '', paidAt: '2026-11-20T02:00:00Z', createdAt: '2026-11-20T02:00:00Z',
  memberId: null, extraFen: 0, prepayFen: 60, toCentral: false, updatedAt: '2026-11-20T02:00:00Z',
  method: 'transfer', methodLabel: '转账', paidOn: '2026-11-20', operator: 'sec',
  entries: [entry(1, 5, '张三', '2026-10', 500), entry(2, 5, '张三', '2026-11', 500)],
  prepays: [{ id: 3, paymentId: 7, memberId: 5, month: '2026-12', amountFen: 60, leftFen: 60, refundedFen: 0, state: 'held', stateLabel: '待抵扣', dueId: null, entryId: null, reason: '', operator: 'sec', createdAt: '', updatedAt: '', paymentNo: 'SJ2026000012' }],
}

describe('党费收据（打印）', { timeout: 20_000 }, () => {
  it('prints payer, branch, months, the amount in figures and capitals, method, date, number and operator', async () => {
    mock.onGet('/api/dfgl/payment/7').reply(200, payment)
    show('?id=7')
    expect(await screen.findByRole('heading', { level: 1, name: '党费收据' })).toBeTruthy()
    for (const text of ['SJ2026000012', '2026-11-20', '计算机教工党支部', '转账', '¥10.60', '人民币壹拾元陆角整']) expect(screen.getByText(text)).toBeTruthy()
    const cells = [...document.querySelectorAll('.df-receipt tbody td')].map((td) => td.textContent)
    expect(cells).toEqual(['1', '张三', '2026-10 党费', '5.00', '2', '张三', '2026-11 党费', '5.00', '3', '张三', '2026-12 预交党费', '0.60'])
    // 收款人: who recorded it.
    expect(screen.getByText('sec')).toBeTruthy()
  })

  it('says 未记录 for a payment recorded before its method and date were', async () => {
    mock.onGet('/api/dfgl/payment/9').reply(200, { ...payment, id: 9, method: '', methodLabel: '未记录', paidOn: null, operator: '' })
    show('?id=9')
    expect(await screen.findByRole('heading', { level: 1, name: '党费收据' })).toBeTruthy()
    expect(screen.getAllByText('未记录')).toHaveLength(3)
  })

  it('has no receipt for an online order', async () => {
    mock.onGet('/api/dfgl/payment/8').reply(200, { ...payment, id: 8, provider: 'online', no: 'DF1' })
    show('?id=8')
    expect(await screen.findByText('DF1 是在线缴费订单，没有现场收据')).toBeTruthy()
  })

  it('wants an id', () => {
    show('')
    expect(screen.getByText('缺少缴费记录参数')).toBeTruthy()
  })
})
