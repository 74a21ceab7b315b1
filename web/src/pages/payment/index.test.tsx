import { fireEvent, render, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi } from '@/test/api'
import { renderWithApp } from '@/test/render'
import PaymentResultPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const at = (url: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <PaymentResultPage />
    </MemoryRouter>,
  )

describe('payment', { timeout: 30_000 }, () => {
  it('shows the order the signed link names, as the server holds it', async () => {
    mock.onGet('/api/dfgl/pay/result').reply((c) => {
      expect(c.params).toEqual({ no: 'DF1', sig: 'abc' })
      return [200, { no: 'DF1', state: 'paid', stateLabel: '已支付', providerLabel: '校园支付平台', amountFen: 4820, months: ['2026-10', '2026-11'], paidAt: null }]
    })
    at('/payment?no=DF1&sig=abc')
    expect(await screen.findByText('支付成功')).toBeTruthy()
    expect(screen.getByText('48.20 元')).toBeTruthy()
    expect(screen.getByText('2026-10、2026-11')).toBeTruthy()
  })

  it('中组发〔2008〕3号: a voluntary extra and a month paid ahead are named on the result', async () => {
    mock.onGet('/api/dfgl/pay/result').reply(200, {
      no: 'DF3', state: 'paid', stateLabel: '已支付', providerLabel: '校园支付平台', amountFen: 104820, extraFen: 100000, months: ['2026-11', '2026-12'], paidAt: null,
    })
    at('/payment?no=DF3&sig=abc')
    expect(await screen.findByText('1,048.20 元（含自愿多交 1,000.00 元）')).toBeTruthy()
    expect(screen.getByText('2026-11、2026-12')).toBeTruthy()
  })

  it('演示支付: labelled as the sandbox, the payer confirms and the page shows the order paid as the server holds it', async () => {
    let state = 'pending'
    const order = () => ({ no: 'YS1', state, stateLabel: state === 'paid' ? '已支付' : '待支付', provider: 'sandbox', providerLabel: '演示支付', amountFen: 20, months: ['2026-11'], paidAt: null })
    mock.onGet('/api/dfgl/pay/result').reply(() => [200, order()])
    let sent: unknown
    mock.onPost('/api/dfgl/pay/sandbox').reply((c) => {
      sent = JSON.parse(c.data)
      state = 'paid'
      return [200, order()]
    })
    at('/payment?no=YS1&sig=abc')
    expect(await screen.findByText('演示支付：确认付款')).toBeTruthy()
    expect(screen.getAllByText('演示支付').length).toBe(2) // the notice and the 支付方式 row
    expect(screen.getByText(/不产生真实扣款/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /确认支付（演示支付）/ }))
    expect(await screen.findByText('支付成功')).toBeTruthy()
    expect(sent).toEqual({ no: 'YS1', sig: 'abc' })
    expect(screen.getAllByText('演示支付').length).toBe(2) // still labelled once paid
  })

  it('a wrong signature is a link that shows nothing', async () => {
    mock.onGet('/api/dfgl/pay/result').reply(404, { message: '支付记录不存在或链接无效' })
    at('/payment?no=DF1&sig=bad')
    expect(await screen.findByText('支付记录不存在或链接无效', { selector: '.ant-result-title' })).toBeTruthy()
  })

  it('renders outside the signed-in shell, as the Gate shows a public page (no app providers)', async () => {
    mock.onGet('/api/dfgl/pay/result').reply(200, { no: 'DF2', state: 'pending', stateLabel: '待支付', providerLabel: '校园支付平台', amountFen: 20, months: ['2026-11'], paidAt: null })
    render(
      <MemoryRouter initialEntries={['/payment?no=DF2&sig=abc']}>
        <PaymentResultPage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('等待支付平台确认')).toBeTruthy()
  })
})
