import { fireEvent, screen, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { result, round } from '../khfa/fixtures'
import RoundDrawer from './RoundDrawer'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

describe('gb/kh round drawer', { timeout: 30_000 }, () => {
  it('counts the pending appeals on the 申诉 tab and says the confirmation waits for them', async () => {
    signIn(['gbkh:list', 'gbkh:confirm'])
    const appeals = [result({ appealState: 'pending', appealReason: '评分未体现年度重大任务' }), result({ id: 32, name: '李明', appealState: 'kept' })]
    mock.onGet('/api/gbkh/rounds/5').reply(200, round())
    mock.onGet('/api/gbkh/rounds/5/results').reply(200, page(appeals))
    mock.onGet('/api/gbkh/rounds/5/appeals').reply(200, appeals)
    renderWithApp(<RoundDrawer id={5} onClose={() => undefined} onChanged={() => undefined} />)
    expect(await screen.findByText('尚有 1 条申诉未答复，答复后才能确认结果')).toBeTruthy()
    const tab = screen.getByRole('tab', { name: /申诉/ })
    expect(within(tab).getByTitle('1 条待答复')).toBeTruthy()
    fireEvent.click(tab)
    expect(await screen.findByText('评分未体现年度重大任务')).toBeTruthy()
  })
})
