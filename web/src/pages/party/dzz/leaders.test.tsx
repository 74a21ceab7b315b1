import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formerNotice } from '@/components/account/service'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { secretaryRole } from './components/LeadersDialog'
import OrgPage from './index'
import { ok } from '@/test/page'

const BRANCH = { id: 3, pid: null, code: 'C3', name: '计算机教工党支部', shortName: '', type: '5', typeLabel: '党支部', category: '', status: '1', sort: 1 }
const DETAIL = {
  ...BRANCH,
  categoryLabel: '',
  unitDeptId: null,
  unitName: '',
  foundedOn: null,
  secretaryName: '李四',
  committee: [],
  secretaryMemberId: 12,
  committeeMemberIds: [],
  termStart: null,
  termYears: 3,
  termEnd: null,
  contactPhone: '',
  statusLabel: '正常',
  revokedOn: null,
  parentName: '',
  createTime: '',
  updateTime: '',
  ancestors: [],
  childCount: 0,
  memberCount: 3,
  fullCount: 3,
  totalCount: 3,
  warnings: [],
}
const MEMBERS = [
  { id: 11, name: '张三', orgId: 3, orgName: '计算机教工党支部', idNumber: '' },
  { id: 12, name: '李四', orgId: 3, orgName: '计算机教工党支部', idNumber: '' },
  { id: 13, name: '王五', orgId: 3, orgName: '计算机教工党支部', idNumber: '' },
]

let mock: MockAdapter
const memberSearches: unknown[] = []
beforeEach(() => {
  memberSearches.length = 0
  mock = mockApi()
  mock.onGet('/api/dzzxx/buildtree').reply(200, [{ ...BRANCH, memberCount: 3, fullCount: 3, totalCount: 3 }])
  mock.onGet('/api/dictDetail/map').reply(200, { DZZ_LX: [{ label: '党支部', value: '5' }], DZZ_LB: [] })
  mock.onGet('/api/dzzxx/3').reply(200, DETAIL)
  mock.onPost('/api/dzzxx/3/leaders/check').reply(200, [])
  mock.onGet('/api/common/dyjbxx').reply((c) => {
    memberSearches.push(c.params)
    return [200, page(MEMBERS)]
  })
})
afterEach(() => mock.restore())

async function openLeaders() {
  renderWithApp(
    <MemoryRouter>
      <OrgPage />
    </MemoryRouter>,
  )
  const tr = (await screen.findByText('计算机教工党支部')).closest('tr')!
  fireEvent.mouseEnter(within(tr).getByRole('button', { name: /更多/ }))
  fireEvent.click(await screen.findByText('设置书记/委员', { selector: '.ant-dropdown-menu-title-content' }))
  return (await screen.findByText('设置书记/委员：计算机教工党支部')).closest('.ant-modal') as HTMLElement
}

/** Opens the select of the form item labelled `label` and picks the option `name`. */
async function choose(dialog: HTMLElement, label: string, name: string) {
  const item = within(dialog).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement
  const box = within(item).getByRole('combobox')
  fireEvent.mouseDown(box)
  fireEvent.focus(box)
  // This select's own dropdown (the other select's stays in the document).
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!)
  fireEvent.click(await within(list).findByText(`${name}（计算机教工党支部）`, { selector: '.ant-select-item-option-content' }))
  fireEvent.blur(box)
}

describe('party/dzz 设置书记/委员', { timeout: 30_000 }, () => {
  it('names the role a secretary\'s account gets by the organisation\'s type', () => {
    expect(secretaryRole('5')).toBe('党支部书记')
    expect(secretaryRole('4')).toBe('党支部书记')
    expect(secretaryRole('2')).toBe('二级党委管理员')
    expect(secretaryRole('6')).toBeNull()
  })

  it('chooses the secretary and committee among the branch\'s members and makes the account, shown once and printable', async () => {
    signIn(['admin'])
    const sent: unknown[] = []
    mock.onPut('/api/dzzxx/3/leaders').reply((c) => {
      sent.push(JSON.parse(c.data as string))
      return [200, { secretaryName: '张三', committee: ['王五'], role: '党支部书记', account: { memberId: 11, name: '张三', username: 'T1001', initialPassword: 'Ab3#xYz9!Qw2', created: true } }]
    })
    const dialog = await openLeaders()
    // The current secretary shows by its snapshot name before any search.
    expect(within(dialog).getByText('李四')).toBeTruthy()
    await choose(dialog, '书记', '张三')
    expect(memberSearches[0]).toMatchObject({ subtreeOf: 3 })
    await choose(dialog, '委员', '王五')
    fireEvent.click(within(dialog).getByText('为书记创建或关联账号（角色：党支部书记，所在党组织：计算机教工党支部）'))
    ok(dialog)
    await waitFor(() => expect(sent).toEqual([{ secretaryId: 11, committeeIds: [13], account: true }]))

    expect(await screen.findByText('书记账号已创建（角色：党支部书记）')).toBeTruthy()
    expect(screen.getByText('Ab3#xYz9!Qw2')).toBeTruthy()
    expect(screen.getByText(/初始密码只显示这一次/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /打印清单/ }))
    expect(await screen.findByText('党员账号初始密码清单')).toBeTruthy()
    expect(screen.getByText('计算机教工党支部', { selector: '.print-meta div' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /我已保存，关闭/ }))
    await waitFor(() => expect(screen.queryByText('党员账号初始密码清单')).toBeNull())
  })

  it('tells whether the replaced secretary\'s account lost the role of the level, or why it keeps it', async () => {
    signIn(['admin'])
    mock.onPut('/api/dzzxx/3/leaders').replyOnce(200, { secretaryName: '张三', committee: [], former: { name: '李四', username: 'T1002', revoked: true } })
    const dialog = await openLeaders()
    await choose(dialog, '书记', '张三')
    ok(dialog)
    expect(await screen.findByText('原书记李四的账号 T1002 已收回“党支部书记”角色')).toBeTruthy()
    expect(formerNotice({ secretaryName: '', committee: [], former: { name: '李四', username: 'T1002', revoked: false, reason: '不能修改自己的角色，请联系上级管理员收回' } }, '党支部书记')).toEqual({
      type: 'warning',
      text: '原书记李四的账号 T1002 仍保留“党支部书记”角色：不能修改自己的角色，请联系上级管理员收回',
    })
    expect(formerNotice({ secretaryName: '', committee: [] }, '党支部书记')).toBeNull()
  })

  it('warns before saving a flagged choice with the server\'s flags; 仍然保存 appoints', async () => {
    signIn(['dzz:list', 'dzz:edit'])
    const checked: unknown[] = []
    const sent: unknown[] = []
    mock.onPost('/api/dzzxx/3/leaders/check').reply((c) => {
      checked.push(JSON.parse(c.data as string))
      return [200, [
        { memberId: 11, name: '张三', flags: [{ code: 'arrears', label: '连续7个月未缴纳党费（6个月及以上）', blocking: false }] },
        { memberId: 13, name: '王五', flags: [{ code: 'watch', label: '受留党察看处分（2026-03-01起，尚未恢复党员权利）', blocking: false }] },
      ]]
    })
    mock.onPut('/api/dzzxx/3/leaders').reply((c) => {
      sent.push(JSON.parse(c.data as string))
      return [200, { secretaryName: '张三', committee: ['王五'] }]
    })
    const dialog = await openLeaders()
    await choose(dialog, '书记', '张三')
    await choose(dialog, '委员', '王五')
    ok(dialog)
    expect((await screen.findAllByText('所选人选存在以下情况，确定仍然任命吗？')).length).toBeGreaterThan(0)
    expect(screen.getByText('张三：连续7个月未缴纳党费（6个月及以上）')).toBeTruthy()
    expect(screen.getByText('王五：受留党察看处分（2026-03-01起，尚未恢复党员权利）')).toBeTruthy()
    expect(checked).toEqual([{ secretaryId: 11, committeeIds: [13] }])
    fireEvent.click(screen.getByRole('button', { name: '仍然保存' }))
    await waitFor(() => expect(sent).toEqual([{ secretaryId: 11, committeeIds: [13], account: false }]))
  })

  it('返回修改 on the warning sends nothing and keeps the dialog', async () => {
    signIn(['dzz:list', 'dzz:edit'])
    const sent: unknown[] = []
    mock.onPost('/api/dzzxx/3/leaders/check').reply(200, [{ memberId: 11, name: '张三', flags: [{ code: 'arrears', label: '连续6个月未缴纳党费（6个月及以上）', blocking: false }] }])
    mock.onPut('/api/dzzxx/3/leaders').reply((c) => {
      sent.push(c.data)
      return [200, { secretaryName: '张三', committee: [] }]
    })
    const dialog = await openLeaders()
    await choose(dialog, '书记', '张三')
    ok(dialog)
    fireEvent.click(await screen.findByRole('button', { name: '返回修改' }))
    // The submit ends without sending: the dialog's save is no longer loading.
    await waitFor(() => expect(dialog.querySelector('.ant-btn-loading')).toBeNull())
    expect(sent).toEqual([])
    expect(within(dialog).getByText('设置书记/委员：计算机教工党支部')).toBeTruthy()
  })

  it('offers the account only to holders of dy:account', async () => {
    signIn(['dzz:list', 'dzz:edit'])
    const dialog = await openLeaders()
    expect(within(dialog).queryByText(/为书记创建或关联账号/)).toBeNull()
  })
})
