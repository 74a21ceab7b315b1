import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { MyDue, MyFees as Fees } from '@/pages/dfgl/batch/api'
import MyFees, { paidSummary } from './MyFees'

const due = (id: number, month: string, over: Partial<MyDue> = {}): MyDue => ({
  id, batchId: id, month, memberId: 1, memberName: '张三', orgId: 4, orgName: '支部', committeeId: null, category: '在职',
  dueFen: 4800, paidFen: 0, extraFen: 0, chargedLate: false, createdAt: '2026-09-01T00:00:00Z', working: '', state: 'unpaid', stateLabel: '未缴', payable: true, ...over,
})
const fees = (over: Partial<Fees> = {}): Fees => ({
  memberId: 1, memberName: '张三', paidUpTo: '2026-09', backMonths: 6, online: true, onlineLabel: '', payments: [],
  prepayMonths: 0, ahead: [], creditFen: 0, prepays: [], centralExtraFen: 100000,
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

  it('中组发〔2008〕3号: a quarter (frozen months and one ahead) and a voluntary extra of 1,000 元 are confirmed with the amount, then ordered', async () => {
    mock.onGet('/api/dfgl/mine').reply(
      200,
      fees({
        ahead: [{ month: '2026-12', amountFen: 4800 }, { month: '2027-01', amountFen: 4800 }],
        creditFen: 4800,
        prepays: [{ id: 1, paymentId: 5, memberId: 1, month: '2026-08', amountFen: 4800, leftFen: 4800, refundedFen: 0, state: 'applied', stateLabel: '已抵扣', dueId: null, entryId: null, reason: '', operator: '', createdAt: '', updatedAt: '', paymentNo: 'DF0' }],
        centralExtraFen: 100000,
        prepayMonths: 12,
      }),
    )
    const sent: unknown[] = []
    mock.onPost('/api/dfgl/mine/order').reply((c) => {
      sent.push(body(c))
      return [201, { no: 'DF2', amountFen: 114400, payUrl: '/api/dfgl/pay/sandbox?no=DF2' }]
    })
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    renderWithApp(<MyFees />)
    expect(await screen.findByText('预交记录（余额 48.00 元）')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '多交 / 预交 / 按季度' }))
    const dialog = (await screen.findByText('多交 / 预交 / 按季度交纳')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: '2026年第4季度' }))
    fireEvent.change(within(dialog).getByPlaceholderText('0.00'), { target: { value: '999.99' } })
    expect(within(dialog).queryByText(/全部上缴中央/)).toBeNull()
    fireEvent.change(within(dialog).getByPlaceholderText('0.00'), { target: { value: '1000' } })
    expect(within(dialog).getByText('一次多交1,000.00元以上的，全部上缴中央（中组发〔2008〕3号）')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '在线缴费 1,144.00 元' }))
    await waitFor(() => expect(screen.queryAllByText('确认缴纳 1,144.00 元').length).toBeGreaterThan(0))
    const confirm = screen.getByText('2026-12 预交 48.00 元').closest('.ant-modal') as HTMLElement
    expect(within(confirm).getByText('自愿多交 1,000.00 元（上缴中央）')).toBeTruthy()
    expect(within(confirm).getByText('2026-10 党费 48.00 元')).toBeTruthy()
    fireEvent.click(within(confirm).getByRole('button', { name: '在线缴费' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/dfgl/pay/sandbox?no=DF2'))
    expect(sent).toEqual([{ dueIds: [3, 2], months: ['2026-12'], extraFen: 100000 }])
    vi.unstubAllGlobals()
  })

  it('never says 尚无已缴月份 next to paid months: an earlier month owed, later ones paid', async () => {
    const list = [due(3, '2026-11', { paidFen: 4800, state: 'paid', stateLabel: '已缴', payable: false }), due(2, '2026-10', { paidFen: 4800, state: 'paid', stateLabel: '已缴', payable: false }), due(1, '2026-09')]
    mock.onGet('/api/dfgl/mine').reply(200, fees({ paidUpTo: '', dues: list }))
    renderWithApp(<MyFees />)
    expect(await screen.findByText('已缴 2 个月，2026-09 起有欠缴')).toBeTruthy()
    expect(screen.getAllByText('已缴')).toHaveLength(2)
    expect(screen.queryByText('尚无已缴月份')).toBeNull()
    expect(paidSummary({ paidUpTo: '', dues: [due(1, '2026-09')] })).toBe('尚无已缴月份')
    expect(paidSummary({ paidUpTo: '2026-10', dues: list })).toBe('已缴至 2026-10')
  })

  it('演示支付: the sandbox is named on the card, the pay button and the payment records', async () => {
    mock.onGet('/api/dfgl/mine').reply(200, fees({ onlineLabel: '演示支付',
      payments: [{ id: 1, no: 'YS1', provider: 'sandbox', providerLabel: '演示支付', state: 'paid', stateLabel: '已支付', amountFen: 4800, orgId: 4, memberId: 1, payer: '张三',
        platformTxn: '', extraFen: 0, prepayFen: 0, toCentral: false, remark: '', method: '', paidOn: null, operator: '', paidAt: null, createdAt: '2026-10-01T00:00:00Z',
        updatedAt: '2026-10-01T00:00:00Z', resultUrl: '/web/payment?no=YS1&sig=a' }] }))
    renderWithApp(<MyFees records />)
    expect(await screen.findByText('在线缴费使用演示支付')).toBeTruthy()
    expect(screen.getByRole('button', { name: /在线缴费（演示支付）/ })).toBeTruthy()
    const row = screen.getByRole('link', { name: 'YS1' }).closest('tr') as HTMLElement
    expect(within(row).getByText('演示支付')).toBeTruthy()
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
