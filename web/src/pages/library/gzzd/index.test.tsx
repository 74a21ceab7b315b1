import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import RulePage, { type Rule } from './index'

const rule = (over: Partial<Rule> = {}): Rule => ({
  id: 1,
  category: '1',
  categoryLabel: '党内法规',
  title: '中国共产党支部工作条例（试行）',
  docNo: '',
  issuer: '中共中央',
  effectiveDate: '2018-10-28',
  repealDate: '',
  supersedesId: null,
  supersedesTitle: '',
  status: 'current',
  statusLabel: '现行有效',
  body: '<p>党支部是党的基础组织</p>',
  fileId: null,
  fileName: '',
  remark: '',
  updateTime: '2026-11-01T08:00:00Z',
  ...over,
})

let mock: MockAdapter
let queries: Record<string, unknown>[]
beforeEach(() => {
  ;({ mock, queries } = mockListApi('/api/gzzd', [rule(), rule({ id: 2, title: '旧版', status: 'revised', statusLabel: '已修订' })], {
    dicts: { DJ_GZZD_LB: [{ label: '党内法规', value: '1' }] },
  }))
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <RulePage />
    </MemoryRouter>,
  )

describe('library/gzzd', { timeout: 30_000 }, () => {
  it('lists the rules with their status and searches the full text; readers get no 新增', async () => {
    signIn(['gzzd:list'])
    renderPage()
    expect(await screen.findByText('中国共产党支部工作条例（试行）')).toBeTruthy()
    expect(screen.getByText('现行有效')).toBeTruthy()
    expect(screen.getByText('已修订')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    fireEvent.change(screen.getByPlaceholderText('标题、文号或正文'), { target: { value: '基础组织' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ blurry: '基础组织' }))
  })

  it('the organisation department may add', async () => {
    signIn(['gzzd:list', 'gzzd:add'])
    renderPage()
    expect(await screen.findByRole('button', { name: /新\s*增/ })).toBeTruthy()
  })

  it('修订的旧版本 is a server-searched select of the library: the edited choice shows its title, the rule itself is not offered', async () => {
    mock.restore()
    ;({ mock, queries } = mockListApi(
      '/api/gzzd',
      [
        rule({ id: 1, title: '新版条例', docNo: '中发〔2024〕1号', supersedesId: 2, supersedesTitle: '旧版条例' }),
        rule({ id: 2, title: '旧版条例', effectiveDate: '2018-10-28', status: 'revised', statusLabel: '已修订' }),
      ],
      { dicts: { DJ_GZZD_LB: [{ label: '党内法规', value: '1' }] } },
    ))
    mock.onGet('/api/gzzd/1').reply(200, rule({ id: 1, title: '新版条例', docNo: '中发〔2024〕1号', supersedesId: 2, supersedesTitle: '旧版条例' }))
    signIn(['gzzd:list', 'gzzd:edit'])
    renderPage()
    const row = (await screen.findByText('新版条例')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }))
    const item = (await screen.findByText('修订的旧版本', { selector: 'label' })).closest('.ant-form-item') as HTMLElement
    expect(within(item).getByText('旧版条例')).toBeTruthy()

    const listed = queries.length
    fireEvent.mouseDown(within(item).getByRole('combobox'))
    fireEvent.change(within(item).getByRole('combobox'), { target: { value: '条例' } })
    await waitFor(() => expect(queries.slice(listed)).toContainEqual({ page: 0, size: 20, blurry: '条例' }))
    expect(await screen.findByText('旧版条例（2018-10-28）', { selector: '.ant-select-item-option-content' })).toBeTruthy()
    expect(screen.queryByText('新版条例（中发〔2024〕1号）', { selector: '.ant-select-item-option-content' })).toBeNull()
  })
})
