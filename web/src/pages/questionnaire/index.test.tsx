import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReceiptForm } from '@/api/generated/orglifeReceipt'
import { body, mockApi } from '@/test/api'
import { renderAt } from '@/test/questionnaire'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const form = (over: Partial<ReceiptForm> = {}): ReceiptForm => ({
  meetingId: 3, topic: '学习二十届四中全会精神', orgName: '计算机教工党支部', typeName: '主题党日',
  startsAt: '2026-12-01T06:00:00Z', endsAt: '2026-12-01T08:00:00Z', place: '支部活动室', host: '王书记',
  closedAt: '2026-12-01T08:00:00Z', deadline: '2026-12-31T08:00:00Z', status: 'open', answer: null, ...over,
})
const answer = { id: 1, meetingId: 3, memberId: 30, satisfaction: 'basic' as const, gains: '收获很大', suggestions: '', createTime: '2026-12-02T01:00:00Z', updateTime: '' }

const at = renderAt
const receiptPage = '/questionnaire/meeting?id=3'

describe('会议回执 (public)', { timeout: 30_000 }, () => {
  it('sends a signed-out member to the login page and back', async () => {
    at(receiptPage, false)
    expect(await screen.findByText(`登录页?redirect=${receiptPage}`)).toBeTruthy()
  })

  it('takes the answer once: satisfaction required, then the answer as sent', async () => {
    mock.onGet('/api/zzsh/receipt/3').reply(200, form())
    const sent: unknown[] = []
    mock.onPost('/api/zzsh/receipt/3').reply((c) => {
      sent.push(body(c))
      return [201, form({ status: 'answered', answer })]
    })
    at(receiptPage)
    expect(await screen.findByText('会议回执：学习二十届四中全会精神')).toBeTruthy()
    expect(screen.getByText('计算机教工党支部')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /提交回执/ }))
    expect((await screen.findAllByText('请回答第1题')).length).toBeGreaterThan(0)
    expect(sent).toEqual([])
    fireEvent.click(screen.getByRole('radio', { name: '基本满意' }))
    fireEvent.change(screen.getAllByPlaceholderText('请填写')[0], { target: { value: ' 收获很大 ' } })
    fireEvent.click(screen.getByRole('button', { name: /提交回执/ }))
    expect(await screen.findByText('您已提交回执')).toBeTruthy()
    expect(sent).toEqual([{ satisfaction: 'basic', gains: '收获很大', suggestions: '' }])
    expect(screen.getByText('基本满意')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /提交回执/ })).toBeNull()
  })

  it('says 您已提交回执 on a second submit and shows the first answer', async () => {
    let answered = false
    mock.onGet('/api/zzsh/receipt/3').reply(() => [200, answered ? form({ status: 'answered', answer }) : form()])
    mock.onPost('/api/zzsh/receipt/3').reply(() => {
      answered = true
      return [409, { msg: '您已提交回执' }]
    })
    at(receiptPage)
    fireEvent.click(await screen.findByRole('radio', { name: '满意' }))
    fireEvent.click(screen.getByRole('button', { name: /提交回执/ }))
    expect(await screen.findByText('您已提交回执')).toBeTruthy()
    await waitFor(() => expect(screen.getByText('收获很大')).toBeTruthy())
  })

  it('tells someone not on the list that there is nothing to answer', async () => {
    mock.onGet('/api/zzsh/receipt/3').reply(404, { msg: '没有找到需要您填写的会议回执' })
    at(receiptPage)
    expect(await screen.findByText('没有找到需要您填写的会议回执')).toBeTruthy()
    expect(screen.getByText('只有本次会议的参会党员可以填写回执，请确认登录的是您本人的账号。')).toBeTruthy()
  })

  it('says when the receipt is not open yet, or closed', async () => {
    mock.onGet('/api/zzsh/receipt/3').reply(200, form({ status: 'notYet', closedAt: null, deadline: null }))
    at(receiptPage)
    expect(await screen.findByText('会议结束后才能填写回执')).toBeTruthy()
  })

  it('says when the days to answer are over', async () => {
    mock.onGet('/api/zzsh/receipt/3').reply(200, form({ status: 'over' }))
    at(receiptPage)
    expect(await screen.findByText('回执填写已截止')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /提交回执/ })).toBeNull()
  })

  it('wants a meeting id', async () => {
    at('/questionnaire/meeting')
    expect(await screen.findByText('回执链接无效')).toBeTruthy()
  })

  it('says a path that is neither a receipt nor a questionnaire link is incomplete', async () => {
    at('/questionnaire/abc')
    expect(await screen.findByText('链接不完整：请从消息中心的通知或发放人提供的链接打开。')).toBeTruthy()
  })
})
