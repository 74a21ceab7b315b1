import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { School } from '@/api/generated/pschool'
import { body, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import SchoolPage from './index'

const school = (over: Partial<School> = {}): School => ({
  id: 3,
  createTime: '2026-05-01T08:00:00Z',
  updateTime: '2026-05-01T08:00:00Z',
  orgId: 7,
  kind: 'branch',
  name: '计算机学院党委分党校',
  headMemberId: null,
  headName: '王校长',
  teachers: [{ name: '张教授', title: '教授', memberId: null }],
  servedOrgIds: [],
  remark: '',
  orgName: '计算机学院党委',
  kindName: '分党校',
  batchCount: 0,
  ...over,
})

let mock: MockAdapter
beforeEach(() => {
  ;({ mock } = mockListApi('/api/dx/schools', [school()], { pages: { '/api/common/dzz': [] } }))
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <SchoolPage />
    </MemoryRouter>,
  )

describe('dx/fdx', { timeout: 30_000 }, () => {
  it('lists the schools with their head and teachers; only holders see 新增', async () => {
    signIn(['fdx:list'])
    renderPage()
    const row = (await screen.findByText('计算机学院党委分党校')).closest('tr') as HTMLElement
    expect(within(row).getByText('王校长')).toBeTruthy()
    expect(within(row).getByText('张教授（教授）')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
  })

  it('deletes a school after confirmation', async () => {
    signIn(['fdx:list', 'fdx:del'])
    let deleted: unknown
    mock.onDelete('/api/dx/schools').reply((c) => {
      deleted = body(c)
      return [204]
    })
    renderPage()
    const row = (await screen.findByText('计算机学院党委分党校')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }))
    ok((await screen.findByText(/确定删除党校“计算机学院党委分党校”吗？/)).closest('.ant-modal') as HTMLElement)
    await waitFor(() => expect(deleted).toEqual([3]))
  })

  it('checks the form in Chinese before sending it', async () => {
    signIn(['fdx:list', 'fdx:add'])
    let posted: unknown
    mock.onPost('/api/dx/schools').reply((c) => {
      posted = body(c)
      return [201, school()]
    })
    renderPage()
    await screen.findByText('计算机学院党委分党校')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增$/ }))
    const drawer = (await screen.findByText('新增党校')).closest('.ant-drawer') as HTMLElement
    ok(drawer)
    expect(await within(drawer).findByText('请选择所属党组织')).toBeTruthy()
    expect(posted).toBeUndefined()
  })
})
