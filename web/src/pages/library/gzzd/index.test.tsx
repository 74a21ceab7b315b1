import { fireEvent, screen, waitFor } from '@testing-library/react'
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
})
