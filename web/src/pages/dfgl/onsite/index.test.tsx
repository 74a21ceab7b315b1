import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import dayjs from 'dayjs'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Batch, Due } from '../batch/api'
import FeeOnsitePage from './index'
import { ok } from '@/test/page'

const due = (over: Partial<Due>): Due => ({
  id: 1, batchId: 1, month: '2026-11', memberId: 1, memberName: '张三', orgId: 4, orgName: '计算机教工党支部', committeeId: 2,
  category: '在职', dueFen: 4800, paidFen: 0, extraFen: 0, chargedLate: false, createdAt: '2026-11-01T00:00:00Z', working: '月基数 4,800.00 元 × 1%', state: 'unpaid', stateLabel: '未缴', ...over,
})

let mock: MockAdapter
let asked: Record<string, unknown>[]
beforeEach(() => {
  mock = mockApi()
  asked = []
  mock.onGet('/api/dfgl/onsite/methods').reply(200, [{ value: 'cash', label: '现金' }, { value: 'transfer', label: '转账' }, { value: 'scan', label: '扫码' }])
  mock.onGet('/api/dfgl/batch').reply(200, page([{ id: 1, month: '2026-11', state: 'open', stateLabel: '缴费中' } as Batch]))
  mock.onGet('/api/dfgl/due').reply((c) => {
    asked.push(c.params as Record<string, unknown>)
    return [200, page([due({}), due({ id: 2, memberId: 2, memberName: '李四', dueFen: 20, category: '学生' })])]
  })
})
afterEach(() => mock.restore())

const today = dayjs().format('YYYY-MM-DD')
/** Chooses the payment method among the server's. */
const method = async (dialog: HTMLElement, label: string) => fireEvent.click(await within(dialog).findByLabelText(label))

describe('dfgl/onsite', { timeout: 30_000 }, () => {
  it('opened from a 待办 item, lists that member\'s month and offers all members back', async () => {
    signIn(['df:list', 'df:onsite'])
    renderWithApp(
      <MemoryRouter initialEntries={['/dfgl/onsite?month=2026-10&memberId=2&name=%E6%9D%8E%E5%9B%9B']}>
        <FeeOnsitePage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('只显示待办中的党员：李四')).toBeTruthy()
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ month: '2026-10', memberId: '2', state: 'unpaid' }))
    fireEvent.click(screen.getByRole('button', { name: '显示全部党员' }))
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty('memberId'))
  })

  it('lists the unpaid dues of the newest started month and collects the chosen under one receipt', async () => {
    signIn(['df:list', 'df:onsite'])
    const sent: unknown[] = []
    mock.onPost('/api/dfgl/onsite').reply((c) => {
      sent.push(body(c))
      return [201, { id: 9, no: 'XC1', amountFen: 4820 }]
    })
    renderWithApp(<MemoryRouter><FeeOnsitePage /></MemoryRouter>)
    const zhang = (await screen.findByText('张三')).closest('tr') as HTMLElement
    expect(asked.at(-1)).toMatchObject({ month: '2026-11', state: 'unpaid' })
    fireEvent.click(within(zhang).getByRole('checkbox'))
    fireEvent.click(within(screen.getByText('李四').closest('tr') as HTMLElement).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: /现场收缴（2）/ }))
    const dialog = (await screen.findByText('2 名党员，2 笔，合计 48.20 元')).closest('.ant-modal') as HTMLElement
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input#receiptNo')!, { target: { value: 'NO-1' } })
    // The method is required: nothing is sent without it.
    ok(dialog)
    expect(await within(dialog).findByText('请选择缴费方式')).toBeTruthy()
    expect(sent).toEqual([])
    await method(dialog, '转账')
    expect(within(dialog).getByDisplayValue(today)).toBeTruthy()
    ok(dialog)
    await waitFor(() => expect(sent).toEqual([{ dueIds: [1, 2], receiptNo: 'NO-1', payer: undefined, remark: undefined, method: 'transfer', paidOn: today }]))
    expect(await screen.findByText('收据号 XC1，金额 48.20 元')).toBeTruthy()
    expect(screen.getByRole('button', { name: '打印收据' })).toBeTruthy()
  })

  it('refuses a receipt number with other characters before sending', async () => {
    signIn(['df:list', 'df:onsite'])
    renderWithApp(<MemoryRouter><FeeOnsitePage /></MemoryRouter>)
    fireEvent.click(within((await screen.findByText('张三')).closest('tr') as HTMLElement).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: /现场收缴/ }))
    const dialog = (await screen.findByText(/1 名党员/)).closest('.ant-modal') as HTMLElement
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input#receiptNo')!, { target: { value: '收据1' } })
    ok(dialog)
    expect(await within(dialog).findByText('收据号只能由字母、数字和短横线组成，不超过40个字符')).toBeTruthy()
  })

  it('中组发〔2008〕3号: a member\'s row pays a quarter and a voluntary extra on site under one receipt, confirmed with the amount', async () => {
    signIn(['df:list', 'df:onsite'])
    mock.onGet('/api/dfgl/member/2/fees').reply(200, {
      memberId: 2, memberName: '李四', paidUpTo: '', backMonths: 6, online: false, payments: [], prepayMonths: 12, centralExtraFen: 100000,
      dues: [{ ...due({ id: 2, memberId: 2, memberName: '李四', dueFen: 20, category: '学生' }), payable: true }],
      ahead: [{ month: '2026-12', amountFen: 20 }], creditFen: 0, prepays: [],
    })
    const sent: unknown[] = []
    mock.onPost('/api/dfgl/onsite').reply((c) => {
      sent.push(body(c))
      return [201, { id: 10, no: 'XC2', amountFen: 50040, toCentral: false }]
    })
    renderWithApp(<MemoryRouter><FeeOnsitePage /></MemoryRouter>)
    await screen.findByText('李四')
    fireEvent.click(screen.getByRole('switch')) // all the month's members, a paid one too
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty('state'))
    fireEvent.click(within((await screen.findByText('李四')).closest('tr') as HTMLElement).getByRole('button', { name: '多交/预交' }))
    const dialog = (await screen.findByText('李四：多交 / 预交 / 按季度')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: '2026年第4季度' }))
    fireEvent.change(within(dialog).getByPlaceholderText('0.00'), { target: { value: '500' } })
    await method(dialog, '现金')
    fireEvent.click(within(dialog).getByRole('button', { name: '现场收缴 500.40 元' }))
    await waitFor(() => expect(screen.queryAllByText('确认缴纳 500.40 元').length).toBeGreaterThan(0))
    const confirm = screen.getByText('2026-12 预交 0.20 元').closest('.ant-modal') as HTMLElement
    fireEvent.click(within(confirm).getByRole('button', { name: '现场收缴' }))
    await waitFor(() => expect(sent).toEqual([{ memberId: 2, dueIds: [2], months: ['2026-12'], extraFen: 50000, method: 'cash', paidOn: today }]))
    expect(await screen.findByText('收据号 XC2，金额 500.40 元')).toBeTruthy()
  })

  it('中组发〔2008〕3号: the branch pays the quarter for the chosen members on one receipt, the amount computed first', async () => {
    signIn(['df:list', 'df:onsite'])
    const feesOf = (id: number, name: string, fen: number) => ({
      memberId: id, memberName: name, paidUpTo: '', backMonths: 6, online: false, payments: [], prepayMonths: 12,
      dues: ['2026-11', '2026-10'].map((m, i) => ({ ...due({ id: id * 10 + i, memberId: id, memberName: name, month: m, dueFen: fen }), payable: true })),
      ahead: [{ month: '2026-12', amountFen: fen }],
    })
    mock.onGet('/api/dfgl/member/1/fees').reply(200, feesOf(1, '张三', 4800))
    mock.onGet('/api/dfgl/member/2/fees').reply(200, feesOf(2, '李四', 20))
    const sent: unknown[] = []
    mock.onPost('/api/dfgl/onsite').reply((c) => {
      sent.push(body(c))
      return [201, { id: 11, no: 'XC3', amountFen: 14460 }]
    })
    renderWithApp(<MemoryRouter><FeeOnsitePage /></MemoryRouter>)
    fireEvent.click(within((await screen.findByText('张三')).closest('tr') as HTMLElement).getByRole('checkbox'))
    fireEvent.click(within(screen.getByText('李四').closest('tr') as HTMLElement).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: /现场收缴（2）/ }))
    const dialog = (await screen.findByText(/2 名党员，2 笔/)).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /按季度交纳（2026年第4季度/ }))
    expect(await within(dialog).findByText('2 名党员按季度交纳，6 笔，合计 144.60 元')).toBeTruthy()
    await method(dialog, '扫码')
    ok(dialog)
    await waitFor(() =>
      expect(sent).toEqual([{ dueIds: [], memberIds: [1, 2], months: ['2026-10', '2026-11', '2026-12'], receiptNo: undefined, payer: undefined, remark: undefined, method: 'scan', paidOn: today }]),
    )
    expect(await screen.findByText('收据号 XC3，金额 144.60 元')).toBeTruthy()
  })

  it('without df:onsite there is nothing to collect with', async () => {
    signIn(['df:list'])
    renderWithApp(<MemoryRouter><FeeOnsitePage /></MemoryRouter>)
    await screen.findByText('张三')
    expect(screen.queryByRole('button', { name: /现场收缴/ })).toBeNull()
    expect(screen.queryByRole('button', { name: '多交/预交' })).toBeNull()
  })
})
