import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, signIn } from '@/test/api'
import { findDialog, ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import type { MeetingType } from '../meeting/types'
import MeetingTypesPage from './index'

const type = (over: Partial<MeetingType> = {}): MeetingType => ({
  id: 1,
  code: 'zbwyh',
  name: '支部委员会',
  orgTypes: '4,5',
  period: 'month',
  minCount: 1,
  countsAs: '',
  builtin: true,
  enabled: true,
  sort: 20,
  createTime: '',
  updateTime: '2026-03-01T08:00:00Z',
  ...over,
})

const OWN = type({ id: 9, code: 'c1', name: '党员活动日', orgTypes: '5', period: '', minCount: 0, countsAs: 'ztdr', builtin: false, sort: 100 })

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dictDetail/map').reply(200, {
    DZZ_LX: [
      { label: '直属党支部', value: '4' },
      { label: '党支部', value: '5' },
    ],
  })
  mock.onGet('/api/zzsh/types').reply(200, [type(), OWN])
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <MeetingTypesPage />
    </MemoryRouter>,
  )

describe('orglife/types 会议类型', { timeout: 30_000 }, () => {
  it('lists the types with where they are held and what they require; only the school’s own are deleted', async () => {
    signIn(['hylx:list', 'hylx:edit'])
    renderPage()
    const builtin = (await screen.findByText('支部委员会')).closest('tr') as HTMLElement
    expect(await within(builtin).findByText('直属党支部、党支部')).toBeTruthy()
    expect(within(builtin).getByText('每月 1 次')).toBeTruthy()
    expect(within(builtin).getByText('内置')).toBeTruthy()
    expect(within(builtin).queryByRole('button', { name: /删\s*除/ })).toBeNull()
    const own = screen.getByText('党员活动日').closest('tr') as HTMLElement
    expect(within(own).getByText('不要求')).toBeTruthy()
    expect(within(own).getByText('主题党日')).toBeTruthy()

    let deleted: unknown
    mock.onDelete('/api/zzsh/types').reply((c) => {
      deleted = body(c)
      return [204]
    })
    fireEvent.click(within(own).getByRole('button', { name: /删\s*除/ }))
    ok((await screen.findByText(/确定删除会议类型“党员活动日”吗？/)).closest('.ant-modal') as HTMLElement)
    await waitFor(() => expect(deleted).toEqual([9]))
  })

  it('checks the form in Chinese, and asks for a count once a period is required', async () => {
    signIn(['hylx:list', 'hylx:edit'])
    let posted: unknown
    mock.onPost('/api/zzsh/types').reply((c) => {
      posted = body(c)
      return [200, OWN]
    })
    renderPage()
    await screen.findByText('支部委员会')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }))
    const dialog = await findDialog('新增会议类型')
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[1]) // 要求周期
    fireEvent.click(await screen.findByText('每季度', { selector: '.ant-select-item-option-content' }))
    ok(dialog)
    const error = { selector: '.ant-form-item-explain-error' }
    expect(await within(dialog).findByText('请输入名称', error)).toBeTruthy()
    expect(within(dialog).getByText('请选择适用党组织', error)).toBeTruthy()
    expect(within(dialog).getByText('有要求周期时每期至少 1 次', error)).toBeTruthy()
    expect(posted).toBeUndefined()
  })

  it('edits a type keeping what the form does not show, and switches one off from the list', async () => {
    signIn(['hylx:list', 'hylx:edit'])
    const put: Record<string, unknown>[] = []
    mock.onPut('/api/zzsh/types').reply((c) => {
      put.push(body(c) as Record<string, unknown>)
      return [200, type()]
    })
    renderPage()
    const row = (await screen.findByText('支部委员会')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('switch', { name: '启用支部委员会' }))
    await waitFor(() => expect(put[0]).toMatchObject({ id: 1, code: 'zbwyh', enabled: false, period: 'month' }))

    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }))
    const dialog = await findDialog(/编辑会议类型/)
    expect(within(dialog).queryByText('计入')).toBeNull() // a built-in type counts as itself
    fireEvent.change(within(dialog).getByDisplayValue('支部委员会'), { target: { value: '支部委员会会议' } })
    ok(dialog)
    await waitFor(() => expect(put[1]).toMatchObject({ id: 1, code: 'zbwyh', name: '支部委员会会议', orgTypes: '4,5', builtin: true, updateTime: '2026-03-01T08:00:00Z' }))
  })

  it('shows the list without changes to whoever only reads it', async () => {
    signIn(['hylx:list'])
    renderPage()
    const row = (await screen.findByText('支部委员会')).closest('tr') as HTMLElement
    expect(within(row).getByText('启用')).toBeTruthy()
    expect(within(row).queryByRole('switch')).toBeNull()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
  })
})
