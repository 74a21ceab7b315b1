import { fireEvent, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import MemberLibraryPage from './index'

let mock: MockAdapter
beforeEach(() => {
  ;({ mock } = mockListApi('/api/gzzd', [{ id: 1, category: '1', categoryLabel: '党内法规', title: '中国共产党支部工作条例（试行）', docNo: '', issuer: '中共中央',
    effectiveDate: '2018-10-28', repealDate: '', supersedesId: null, supersedesTitle: '', status: 'current', statusLabel: '现行有效', body: '', fileId: null,
    fileName: '', remark: '', updateTime: '2026-11-01T08:00:00Z' }], { dicts: { DJ_GZZD_LB: [{ label: '党内法规', value: '1' }] } }))
  mock.onGet('/api/bzwd/mine').reply(200, [{ id: 7, title: '党员如何缴纳党费', body: '<p>在“我的党费”页缴纳</p>' }])
})
afterEach(() => mock.restore())

const renderPage = (url = '/list-home/library') => renderWithApp(<MemoryRouter initialEntries={[url]}><MemberLibraryPage /></MemoryRouter>)

describe('library/member (制度文件 in the 党员 mode)', { timeout: 30_000 }, () => {
  it('reads the rules without any editing button, and opens the manual', async () => {
    signIn(['gzzd:list', 'wjxz:list', 'bzwd:list'])
    renderPage()
    expect(await screen.findByText('中国共产党支部工作条例（试行）')).toBeTruthy()
    expect(screen.getByRole('tab', { name: '文件下载' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: '帮助文档' }))
    expect(await screen.findByRole('heading', { name: '党员如何缴纳党费' })).toBeTruthy()
  })

  it('shows only the parts the account may read', async () => {
    signIn(['bzwd:list'])
    renderPage('/list-home/library?part=rules')
    expect(await screen.findByRole('heading', { name: '党员如何缴纳党费' })).toBeTruthy()
    expect(screen.queryByRole('tab', { name: '规章制度' })).toBeNull()
  })

  it('says why when the account may read none of it', async () => {
    signIn([])
    renderPage()
    expect(await screen.findByText('您的账号没有查阅制度文件的权限，请联系管理员')).toBeTruthy()
  })
})
