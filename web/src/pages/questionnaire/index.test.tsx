import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Fill, ReceiptLink } from '@/api/generated/survey'
import { mockApi } from '@/test/api'
import { renderAt } from '@/test/questionnaire'
import { formatTime } from '@/utils/time'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const token = '0123456789abcdef0123456789abcdef'
const link = (over: Partial<ReceiptLink> = {}): ReceiptLink => ({
  link: `/questionnaire/s/${token}`, closesAt: '2026-12-31T16:00:00Z', over: false, answered: false, ...over,
})
const fill: Fill = {
  title: '会议回执：学习二十届四中全会精神', orgName: '计算机教工党支部', anonymous: false, closesAt: '2026-12-31T16:00:00Z', answered: false, round: 0,
  paper: { title: '会议回执：学习二十届四中全会精神', intro: '计算机教工党支部，主题党日，主持人：王书记', questions: [
    { key: 'satisfaction', kind: 'single', title: '满意度', required: true, options: [{ key: 'satisfied', label: '满意' }, { key: 'basic', label: '基本满意' }] },
  ] },
}

const at = renderAt
const receiptPage = '/questionnaire/meeting?id=3'

describe('会议回执 (public): the first messages’ page leads to the receipt’s questionnaire', { timeout: 30_000 }, () => {
  it('sends a signed-out member to the login page and back', async () => {
    at(receiptPage, false)
    expect(await screen.findByText(`登录页?redirect=${receiptPage}`)).toBeTruthy()
  })

  it('takes a member on the list to the questionnaire, which shows the meeting', async () => {
    mock.onGet('/api/wj/meeting/3').reply(200, link())
    mock.onGet(`/api/wj/link/${token}`).reply(200, fill)
    at(receiptPage)
    expect(await screen.findByText('计算机教工党支部，主题党日，主持人：王书记')).toBeTruthy()
    expect(screen.getAllByText('会议回执：学习二十届四中全会精神').length).toBeGreaterThan(0)
    expect(screen.getByRole('radio', { name: '基本满意' })).toBeTruthy()
  })

  it('tells someone not on the list that there is nothing to answer', async () => {
    mock.onGet('/api/wj/meeting/3').reply(404, { msg: '没有找到需要您填写的会议回执' })
    at(receiptPage)
    expect(await screen.findByText('没有找到需要您填写的会议回执')).toBeTruthy()
    expect(screen.getByText('只有本次会议的参会党员可以填写回执，请确认登录的是您本人的账号。')).toBeTruthy()
  })

  it('says when the days to answer are over, and that an answer was sent', async () => {
    mock.onGet('/api/wj/meeting/3').reply(200, link({ over: true }))
    at(receiptPage)
    expect(await screen.findByText('回执填写已截止')).toBeTruthy()
    expect(screen.getByText(`截止时间 ${formatTime('2026-12-31T16:00:00Z', 'YYYY-MM-DD HH:mm')}`)).toBeTruthy()
  })

  it('says an answer was sent when the days are over', async () => {
    mock.onGet('/api/wj/meeting/3').reply(200, link({ over: true, answered: true }))
    at(receiptPage)
    expect(await screen.findByText('您已提交回执')).toBeTruthy()
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
