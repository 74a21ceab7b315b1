import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, page, signIn } from '@/test/api'
import { dictOptions, mockListApi, type ListApi } from '@/test/listApi'
import { MASKED_PERSON } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import MemberDetailPage from '@/pages/dyjbxx/detail'
import MemberPage from './index'
import type { Member } from '@/components/member/types'

const member = (over: Partial<Member> = {}): Member =>
  ({
    ...MASKED_PERSON,
    partyStatus: '1',
    partyStatusLabel: '正式党员',
    memberStatusLabel: '正常',
    orgId: 3,
    orgName: '计算机教工党支部',
    unitName: '',
    birthDate: '1990-03-07',
    joinedOn: '2015-07-01',
    createTime: '2026-01-01T00:00:00Z',
    updateTime: '2026-01-01T00:00:00Z',
    remark: '',
    ...over,
  }) as Member

let api: ListApi
beforeEach(() => {
  api = mockListApi('/api/dyjbxx', [member()], {
    dicts: { DJ_COMM_XB: dictOptions('男', '女'), DJ_DY_DJZTXX: dictOptions('正式党员', '预备党员') },
    pages: { '/api/common/dzz': [{ id: 3, pid: null, name: '计算机教工党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '' }], '/api/dept/ByNoAuth': [] },
  })
})
afterEach(() => api.mock.restore())

describe('party/dyjbxx', { timeout: 30_000 }, () => {
  it('lists members, searches across fields and unmasks for holders of dy:unmask', async () => {
    signIn(['dy:list', 'dy:unmask'])
    api.mock.onGet('/api/dyjbxx/1').reply((c) => [200, member({ idNumber: '110105199003071234', phone: '13800000000', masked: !(c.params as { unmask?: boolean })?.unmask })])
    renderWithApp(
      <MemoryRouter>
        <MemberPage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('张三')).toBeTruthy()
    expect(screen.getByText('110105********1234')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导出花名册/ })).toBeNull()

    fireEvent.change(screen.getByPlaceholderText('姓名、学号/工号、身份证号或手机号'), { target: { value: '1380000' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(api.queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], blurry: '1380000' }))

    fireEvent.click(screen.getByRole('button', { name: '查看张三的完整身份证号码' }))
    expect(await screen.findByText('110105199003071234')).toBeTruthy()
    expect(screen.getByText('13800000000')).toBeTruthy()
  })

  it('derives the birth date and gender from the ID number when adding a member', async () => {
    signIn(['admin'])
    let posted: Record<string, unknown> | undefined
    api.mock.onPost('/api/dyjbxx').reply((c) => {
      posted = body(c) as Record<string, unknown>
      return [201, member()]
    })
    renderWithApp(
      <MemoryRouter>
        <MemberPage />
      </MemoryRouter>,
    )
    await screen.findByText('张三')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }))
    const drawer = (await screen.findByText('新增党员')).closest('.ant-drawer') as HTMLElement
    fireEvent.change(within(drawer).getByPlaceholderText('15位或18位身份证号码'), { target: { value: '123' } })
    fireEvent.click(within(drawer).getByRole('button', { name: /确\s*定/ }))
    expect(await within(drawer).findByText('请输入正确的身份证号码')).toBeTruthy()
    expect(within(drawer).getByText('请输入姓名')).toBeTruthy()

    fireEvent.change(within(drawer).getByPlaceholderText('15位或18位身份证号码'), { target: { value: '11010519900307124X' } })
    await waitFor(() => expect(within(drawer).getByText('由身份证号码得出')).toBeTruthy())
    fireEvent.change(within(drawer).getByPlaceholderText('请输入姓名'), { target: { value: '李四' } })
    // The party status is required; pick 正式党员.
    const status = within(drawer).getByText('党籍状态', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    fireEvent.mouseDown(within(status).getByRole('combobox'))
    fireEvent.click(await screen.findByText('正式党员', { selector: '.ant-select-item-option-content' }))
    const org = within(drawer).getByText('所在党组织', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    fireEvent.mouseDown(within(org).getByRole('combobox'))
    fireEvent.click(await screen.findByText('计算机教工党支部', { selector: '.ant-select-tree-title' }))
    fireEvent.click(within(drawer).getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(posted).toBeDefined())
    expect(posted).toMatchObject({ name: '李四', idNumber: '11010519900307124X', birthDate: '1990-03-07', gender: '2', partyStatus: '1', orgId: 3 })
  })

  it('detail shows only the tabs that exist and the trail of the member', async () => {
    signIn(['dy:list'])
    api.mock.onGet('/api/dyjbxx/1').reply(200, member())
    api.mock.onGet('/api/dyjbxx/1/trail').reply(200, page([{ id: 9, recordId: 1, type: 2, origin: 3, summary: '', changes: [{ field: 'remark', label: '备注', old: '', new: '优秀' }], operatorName: 'admin', restoredFrom: null, createTime: '2026-02-01T00:00:00Z' }]))
    renderWithApp(
      <MemoryRouter initialEntries={['/dyjbxx/detail?id=1']}>
        <Routes>
          <Route path="/dyjbxx/detail" element={<MemberDetailPage />} />
        </Routes>
      </MemoryRouter>,
    )
    expect(await screen.findByText('党员详情：张三')).toBeTruthy()
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['基本信息', '变动轨迹'])
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: '变动轨迹' }))
    expect(await screen.findByText('优秀')).toBeTruthy()
  })
})
