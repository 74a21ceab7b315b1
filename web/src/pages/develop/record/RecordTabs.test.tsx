import { fireEvent, screen, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Training } from '@/api/develop'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { TrainingsTab } from './RecordTabs'

const training = (over: Partial<Training>): Training => ({
  id: 1,
  createTime: '2025-07-01T08:00:00Z',
  updateTime: '2025-07-01T08:00:00Z',
  recordId: 1,
  batchType: 3,
  title: '发展对象培训班',
  startOn: '2025-07-01',
  endOn: '2025-07-03',
  hours: 24,
  days: 3,
  certificateNo: '',
  passed: true,
  sourceBatch: null,
  ...over,
})

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

describe('develop/record trainings', { timeout: 20_000 }, () => {
  it('shows a training the party school wrote as such, without 编辑 or 删除; a hand-typed one keeps them', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    mock.onGet('/api/fzdy/1/trainings').reply(200, [
      training({ id: 1, title: '党校发展对象培训班', sourceBatch: 7 }),
      training({ id: 2, title: '手工录入的培训', batchType: 2, startOn: '2025-08-01', endOn: '2025-08-02', sourceBatch: null }),
    ])
    renderWithApp(<TrainingsTab recordId={1} onChanged={() => undefined} />)
    const school = (await screen.findByText('党校发展对象培训班')).closest('tr') as HTMLElement
    const hand = screen.getByText('手工录入的培训').closest('tr') as HTMLElement
    expect(within(school).getByText('党校培训班写入')).toBeTruthy()
    expect(within(school).queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    expect(within(school).queryByRole('button', { name: /删\s*除/ })).toBeNull()
    fireEvent.mouseEnter(within(school).getByText('党校培训班写入'))
    expect(await screen.findByText('该培训记录由党校培训班结业写入，请在培训班中处理')).toBeTruthy()
    expect(within(hand).queryByText('党校培训班写入')).toBeNull()
    expect(within(hand).getByRole('button', { name: /编\s*辑/ })).toBeTruthy()
  })
})
