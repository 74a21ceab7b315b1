import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import OrgPage from './index'
import { ok } from '@/test/page'

const BRANCH = { id: 3, pid: 2, code: 'C3', name: '计算机教工党支部', shortName: '计教支部', type: '5', typeLabel: '党支部', category: '', status: '1', sort: 1 }
const DETAIL = {
  ...BRANCH,
  categoryLabel: '',
  unitDeptId: 7,
  unitName: '计算机学院',
  foundedOn: '2020-01-01',
  secretaryName: '李四',
  committee: ['王五', '赵六'],
  secretaryMemberId: 12,
  committeeMemberIds: [13, 14],
  termStart: '2024-03-01',
  termYears: 3,
  termEnd: '2027-03-01',
  contactPhone: '010-1234',
  statusLabel: '正常',
  revokedOn: null,
  parentName: '计算机学院党委',
  createTime: '',
  updateTime: '2026-03-04T10:20:00+08:00',
  ancestors: [
    { id: 1, name: '中共测试大学委员会' },
    { id: 2, name: '计算机学院党委' },
  ],
  childCount: 0,
  memberCount: 12,
  fullCount: 9,
  totalCount: 12,
  warnings: [],
}

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dzzxx/buildtree').reply(200, [{ ...BRANCH, memberCount: 12, fullCount: 9, totalCount: 12 }])
  mock.onGet('/api/dictDetail/map').reply(200, {
    DZZ_LX: [
      { label: '党委', value: '1' },
      { label: '党支部', value: '5' },
    ],
    DZZ_LB: [],
  })
  mock.onGet('/api/dzzxx/3').reply(200, DETAIL)
  mock.onGet('/api/dzzxx/3/trail').reply(200, page([]))
  mock.onGet('/api/common/dzz').reply(200, page([BRANCH]))
  mock.onGet('/api/dept/ByNoAuth').reply(200, page([]))
})
afterEach(() => mock.restore())

const renderPage = async () => {
  signIn(['admin'])
  renderWithApp(
    <MemoryRouter>
      <OrgPage />
    </MemoryRouter>,
  )
  return (await screen.findByText('计算机教工党支部')).closest('tr')!
}

const drawerOf = async (title: string) => (await screen.findByText(title)).closest('.ant-drawer') as HTMLElement

describe('party/dzz form and detail', { timeout: 30_000 }, () => {
  it('creates an organisation: checks with the Chinese messages, the type brings its term length', async () => {
    let sent: unknown
    mock.onPost('/api/dzzxx').reply((c) => {
      sent = body(c)
      return [200, { id: 9 }]
    })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: /^plus 新\s*增$/ }))
    const drawer = await drawerOf('新增党组织')
    expect(within(drawer).getByText('上级党组织', { selector: 'label' })).toBeTruthy()
    expect(within(drawer).getByText('填写任期开始后自动计算')).toBeTruthy()
    ok(drawer)
    const error = (text: string) => within(drawer).findByText(text, { selector: '.ant-form-item-explain-error' })
    expect(await error('请输入党组织名称')).toBeTruthy()
    expect(await error('请输入党组织编码')).toBeTruthy()
    expect(await error('请选择党组织类型')).toBeTruthy()

    fireEvent.change(within(drawer).getByPlaceholderText('请输入党组织名称'), { target: { value: ' 新党委 ' } })
    fireEvent.change(within(drawer).getByPlaceholderText('请输入党组织编码'), { target: { value: 'X 1' } })
    expect(await error('只能由字母、数字、下划线和短横线组成，且不超过32位')).toBeTruthy()
    fireEvent.change(within(drawer).getByPlaceholderText('请输入党组织编码'), { target: { value: 'X1' } })
    const type = within(within(drawer).getByText('党组织类型', { selector: 'label' }).closest('.ant-form-item') as HTMLElement).getByRole('combobox')
    fireEvent.mouseDown(type)
    fireEvent.click(await screen.findByText('党委', { selector: '.ant-select-item-option-content' }))
    // A committee serves 5 years.
    await waitFor(() => expect((within(drawer).getByRole('radio', { name: '5年' }) as HTMLInputElement).checked).toBe(true))
    ok(drawer)
    await waitFor(() =>
      expect(sent).toEqual({
        name: '新党委',
        code: 'X1',
        shortName: '',
        type: '1',
        category: '',
        pid: null,
        unitDeptId: null,
        foundedOn: '',
        contactPhone: '',
        termStart: '',
        termYears: 5,
        sort: 999,
      }),
    )
  })

  it('edits an organisation keeping its leaders and parent, without the parent picker', async () => {
    let sent: unknown
    mock.onPut('/api/dzzxx').reply((c) => {
      sent = body(c)
      return [200, {}]
    })
    const tr = await renderPage()
    fireEvent.click(within(tr).getByRole('button', { name: '编辑' }))
    const drawer = await drawerOf('编辑党组织：计算机教工党支部')
    expect(within(drawer).queryByText('上级党组织', { selector: 'label' })).toBeNull()
    expect(within(drawer).getByTestId('term-end').textContent).toMatch(/^2027-03-01/)
    ok(drawer)
    await waitFor(() =>
      expect(sent).toEqual({
        id: 3,
        name: '计算机教工党支部',
        code: 'C3',
        shortName: '计教支部',
        type: '5',
        category: '',
        unitDeptId: 7,
        foundedOn: '2020-01-01',
        contactPhone: '010-1234',
        termStart: '2024-03-01',
        termYears: 3,
        sort: 1,
        secretaryName: '李四',
        committee: ['王五', '赵六'],
        pid: 2,
        // ResourceForm hands a custom submit the version the form was opened with, as its own update sends it.
        updateTime: '2026-03-04T10:20:00+08:00',
      }),
    )
  })

  it('splits off a new organisation from the same fields, placed beside the old one', async () => {
    let sent: unknown
    mock.onPost('/api/dzzxx/split').reply((c) => {
      sent = body(c)
      return [200, { id: 9 }]
    })
    const tr = await renderPage()
    fireEvent.mouseEnter(within(tr).getByRole('button', { name: /更多/ }))
    fireEvent.click(await screen.findByText('拆分', { selector: '.ant-dropdown-menu-title-content' }))
    const drawer = await drawerOf('拆分：计算机教工党支部')
    // The placement gives the parent.
    expect(within(drawer).queryByText('上级党组织', { selector: 'label' })).toBeNull()
    fireEvent.change(within(drawer).getByPlaceholderText('请输入党组织名称'), { target: { value: '计算机教工第二党支部' } })
    fireEvent.change(within(drawer).getByPlaceholderText('请输入党组织编码'), { target: { value: 'C3B' } })
    fireEvent.mouseDown(within(within(drawer).getByText('党组织类型', { selector: 'label' }).closest('.ant-form-item') as HTMLElement).getByRole('combobox'))
    fireEvent.click(await screen.findByText('党支部', { selector: '.ant-select-item-option-content' }))
    ok(drawer)
    await waitFor(() =>
      expect(sent).toEqual({
        id: 3,
        newOrg: {
          name: '计算机教工第二党支部',
          code: 'C3B',
          shortName: '',
          type: '5',
          category: '',
          unitDeptId: null,
          foundedOn: '',
          contactPhone: '',
          termStart: '',
          termYears: 3,
          sort: 2,
          pid: 2,
        },
        childIds: [],
      }),
    )
  })

  it('shows the detail with its labels in order', async () => {
    const tr = await renderPage()
    fireEvent.click(within(tr).getByRole('button', { name: '详情' }))
    const drawer = (await screen.findByText('基本信息')).closest('.ant-drawer') as HTMLElement
    await within(drawer).findByText('计教支部')
    const shown = Object.fromEntries([...drawer.querySelectorAll('.ant-descriptions-item-label')].map((l) => [l.textContent, l.nextElementSibling!.textContent]))
    expect(Object.keys(shown)).toEqual(['名称', '简称', '编码', '状态', '类型', '类别', '上级党组织', '所在单位', '成立日期', '书记', '联系电话', '委员会成员', '本届任期', '届满日期', '党员', '含下级党员', '下级党组织', '更新时间'])
    expect(shown).toMatchObject({
      编码: 'C3',
      状态: '正常',
      上级党组织: '中共测试大学委员会 / 计算机学院党委',
      所在单位: '计算机学院',
      委员会成员: '王五、赵六',
      本届任期: '2024-03-01 起 3 年',
      党员: '12 人（正式党员 9 人）',
    })
  })
})
