import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, page, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import TalkPage, { type Talk } from './index'
import { ok } from '@/test/page'

const talk = (over: Partial<Talk> = {}): Talk => ({
  id: 1,
  orgId: 7,
  orgName: '计算机教工党支部',
  talkDate: '2024-03-01',
  type: '4',
  typeLabel: '党员之间',
  talker: '王书记',
  interviewees: '李明、张华',
  place: '支部活动室',
  content: '交流学习体会',
  remark: '',
  updateTime: '2024-03-01T08:00:00Z',
  ...over,
})

let mock: MockAdapter
let queries: Record<string, unknown>[]
beforeEach(() => {
  ;({ mock, queries } = mockListApi('/api/txth', [talk()], {
    dicts: { DJ_TXTH_LX: [{ label: '党员之间', value: '4' }] },
    pages: { '/api/common/dzz': [] },
  }))
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <TalkPage />
    </MemoryRouter>,
  )

describe('orglife/txth', { timeout: 30_000 }, () => {
  it('lists the talks and searches by keyword; only holders see 新增', async () => {
    signIn(['txth:list'])
    renderPage()
    expect(await screen.findByText('王书记')).toBeTruthy()
    expect(screen.getByText('计算机教工党支部')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()
    fireEvent.change(screen.getByPlaceholderText('谈话人或谈话对象'), { target: { value: '李明' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], blurry: '李明' }))
  })

  it('checks the form in Chinese before sending it', async () => {
    signIn(['txth:list', 'txth:add'])
    let posted: unknown
    mock.onPost('/api/txth').reply((c) => {
      posted = body(c)
      return [201, talk({ id: 2 })]
    })
    renderPage()
    await screen.findByText('王书记')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增$/ }))
    const drawer = (await screen.findByText('新增谈话记录')).closest('.ant-drawer') as HTMLElement
    ok(drawer)
    expect(await within(drawer).findByText('请输入谈话人')).toBeTruthy()
    expect(within(drawer).getByText('请输入谈话内容摘要')).toBeTruthy()
    expect(within(drawer).getByText('请选择谈话类型', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(posted).toBeUndefined()
  })

  it('edits a talk: the form starts from the row and sends its id', async () => {
    signIn(['txth:list', 'txth:edit'])
    let updated: Record<string, unknown> | undefined
    mock.onPut('/api/txth').reply((c) => {
      updated = body(c) as Record<string, unknown>
      return [200, talk()]
    })
    renderPage()
    const row = (await screen.findByText('王书记')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }))
    const drawer = (await screen.findByText(/编辑谈话记录/)).closest('.ant-drawer') as HTMLElement
    fireEvent.change(within(drawer).getByDisplayValue('支部活动室'), { target: { value: '会议室' } })
    ok(drawer)
    await waitFor(() => expect(updated).toMatchObject({ id: 1, orgId: 7, talkDate: '2024-03-01', place: '会议室', content: '交流学习体会' }))
  })

  it('shows a talk’s change trail and restores an earlier state', async () => {
    signIn(['txth:list', 'txth:edit'])
    const entry = (id: number, type: number, changes: { field: string; label: string; old: string; new: string }[]) => ({
      id,
      recordId: 1,
      type,
      origin: type === 1 ? 2 : 3,
      summary: '',
      changes,
      operatorName: '管理员',
      restoredFrom: null,
      createTime: '2024-03-0' + id + 'T08:00:00Z',
    })
    mock.onGet('/api/txth/1/trail').reply(200, page([entry(2, 2, [{ field: 'place', label: '谈话地点', old: '会议室', new: '支部活动室' }]), entry(1, 1, [])]))
    let restored: unknown
    mock.onPost('/api/txth/trail/restore').reply((c) => {
      restored = body(c)
      return [200, talk()]
    })
    renderPage()
    const row = (await screen.findByText('王书记')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: /变动轨迹/ }))
    const drawer = (await screen.findByText('变动轨迹：2024-03-01 王书记')).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findByText('谈话地点')).toBeTruthy()
    expect(within(drawer).getByText('会议室')).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('button', { name: /还原到此版本/ }))
    fireEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!)
    await waitFor(() => expect(restored).toEqual({ trailId: 1 }))
  })
})
