import { screen, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { mockApi, page, signIn } from '@/test/api'
import { trailEntry } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import MemberHomePage, { NOT_LINKED } from './index'
import type { MemberHome } from './service'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dictDetail/map').reply(200, {})
  mock.onGet('/api/worklist').reply(200, {
    total: 2,
    groups: [
      { key: 'develop', title: '发展党员', count: 0 },
      { key: 'fillform', title: '我的填报', count: 1 },
      { key: 'todo', title: '其他待办', count: 1 },
    ],
  })
})
afterEach(() => mock.restore())

const show = () =>
  renderWithApp(
    <MemoryRouter>
      <MemberHomePage />
    </MemoryRouter>,
  )

const entry = trailEntry({
  id: 31,
  summary: '修改了手机号码',
  changes: [{ field: 'phone', label: '手机号码', old: '139****5678', new: '137****1111' }],
  operatorName: '组织部',
  createTime: '2026-11-20T02:00:00Z',
})

const home = (over: Partial<MemberHome> = {}): MemberHome => ({
  member: {
    id: 7,
    name: '张三',
    idNumber: '110101********1234',
    phone: '137****1111',
    masked: true,
    gender: '1',
    genderLabel: '男',
    ethnicity: '01',
    ethnicityLabel: '汉族',
    birthDate: '1990-03-07',
    unitName: '计算机学院',
    remark: '',
    createTime: '2026-01-01T00:00:00Z',
    updateTime: '2026-11-20T02:00:00Z',
    education: '',
    educationLabel: '',
    professionalTitle: '',
    professionalTitleLabel: '',
    post: '',
    postLabel: '',
    personCategory: '1',
    personCategoryLabel: '教职工',
    personType: '',
    personTypeLabel: '',
    partyStatus: '1',
    partyStatusLabel: '正式党员',
    memberStatus: '1',
    memberStatusLabel: '正常',
    source: '5',
    sourceLabel: '后台添加',
    staffOrStudentNo: 'T2001',
    grade: '',
    gradeLabel: '',
    className: '',
    unitDeptId: 3,
    orgId: 4,
    orgName: '计算机教工党支部',
    userId: 12,
    account: 'T2001',
    appliedOn: '2012-03-01',
    joinedOn: '2013-06-30',
    fullOn: '2014-06-30',
    photoFileId: null,
  },
  org: {
    id: 4,
    name: '计算机教工党支部',
    typeLabel: '党支部',
    live: true,
    pathNames: ['学校党委', '计算机学院党委', '计算机教工党支部'],
    secretaryName: '李四',
    committee: ['张三', '王五'],
    termStart: '2024-06-01',
    termEnd: '2027-06-01',
    contactPhone: '027-87654321',
  },
  messages: page([{ id: 9, title: '缴纳党费提醒', content: '', link: '', isRemind: false, read: false, readTime: null, senderName: '组织部', createTime: '2026-11-19T01:00:00Z' }], 3),
  trail: page([entry], 1),
  points: null,
  unread: { news: 2, articles: 1 },
  ...over,
})

describe('党员首页', { timeout: 20_000 }, () => {
  it('shows the member their own record (masked), branch, secretary and committee, to-dos, unread messages and trail', async () => {
    mock.onGet('/api/dyHome').reply(200, home())
    const trail = mock.onGet('/api/dyHome/trail')
    trail.reply(200, page([entry], 1))
    signIn([PERM.dyHome])
    show()
    expect(await screen.findByText('您好，张三')).toBeTruthy()
    const mine = screen.getByText('我的信息').closest('.ant-card') as HTMLElement
    expect(within(mine).getByText('110101********1234')).toBeTruthy()
    expect(within(mine).getAllByText('137****1111').length).toBe(1)
    expect(within(mine).getAllByText('T2001')).toHaveLength(2) // 学号/工号 and 账号

    const org = screen.getByTestId('org-name').closest('.ant-card') as HTMLElement
    expect(within(org).getByText('所在党组织', { selector: '.ant-card-head-title' })).toBeTruthy()
    expect(within(org).getByTestId('org-path').textContent).toBe('学校党委 › 计算机学院党委 › 计算机教工党支部')
    expect(within(org).getByText('李四')).toBeTruthy()
    expect(within(org).getByText('王五')).toBeTruthy()
    expect(within(org).getByText('027-87654321')).toBeTruthy()

    // 我的待办 counts every work list, not only the stored to-dos: the form waiting for the member is there.
    const todos = (await screen.findByText('我的待办（2）')).closest('.ant-card') as HTMLElement
    expect(within(todos).getByText('我的填报')).toBeTruthy()
    expect(within(todos).getByText('其他待办')).toBeTruthy()
    expect(within(todos).queryByText('发展党员')).toBeNull() // nothing waiting there
    expect(within(todos).getByRole('link', { name: '全部待办' }).getAttribute('href')).toBe('/message/msginfo?tab=todo')
    const messages = screen.getByText('未读消息（3）').closest('.ant-card') as HTMLElement
    expect(within(messages).getByText('缴纳党费提醒')).toBeTruthy()
    expect(within(messages).getByRole('link', { name: '全部消息' }).getAttribute('href')).toBe('/message/msginfo?tab=message')
    expect(screen.getByTestId('unread-news').textContent).toBe('未读新闻 2 篇，未读文章 1 篇')

    const changes = screen.getByText('我的变动记录').closest('.ant-card') as HTMLElement
    // Sentences, not audit rows: the day, the field's label, old → new.
    expect(await within(changes).findByText('2026-11-20 手机号码由139****5678调整为137****1111')).toBeTruthy()
    expect(within(changes).queryByRole('table')).toBeNull()
    // A member reads their trail; restoring is the administrators'.
    expect(within(changes).queryByRole('button', { name: '还原到此版本' })).toBeNull()
    expect(mock.history.get.find((r) => r.url === '/api/dyHome/trail')?.params).toEqual({ page: 0, size: 10 })
    // No request names a record: the server answers the caller's own.
    for (const r of mock.history.get) expect(r.params?.id).toBeUndefined()
  })

  it('puts what needs doing first — fees due, a transfer under way, the next development step, the to-dos — above the profile', async () => {
    mock.onGet('/api/dyHome').reply(200, home({ member: { ...home().member!, partyStatus: '2', partyStatusLabel: '预备党员', fullOn: '' } }))
    mock.onGet('/api/dyHome/trail').reply(200, page([entry], 1))
    const due = (id: number, month: string, state: 'paid' | 'unpaid') => ({
      id, batchId: id, month, memberId: 7, memberName: '张三', orgId: 4, orgName: '', committeeId: null, category: '', dueFen: 2000, paidFen: state === 'paid' ? 2000 : 0,
      working: '', state, stateLabel: state === 'paid' ? '已缴' : '未缴', payable: state === 'unpaid',
    })
    mock.onGet('/api/dfgl/mine').reply(200, { memberName: '张三', paidUpTo: '', backMonths: 6, online: true, onlineLabel: '演示支付', payments: [],
      dues: [due(3, '2026-11', 'unpaid'), due(2, '2026-10', 'paid'), due(1, '2026-09', 'unpaid')] })
    mock.onGet('/api/zzgx/mine').reply(200, { memberId: 7, name: '张三', orgId: 4, orgName: '计算机教工党支部', memberStatus: '1', kinds: [],
      transfers: [{ id: 8, kind: 'inside', kindLabel: '校内转接', state: 'branch', stateLabel: '支部审核', toOrgName: '数学教工党支部', createTime: '2026-11-01' }] })
    mock.onGet('/api/fzdy/mine').reply(200, { linked: true, stage: 'probationary', stageLabel: '预备党员', orgName: '', probationFrom: '2026-03-01', probationTo: '2027-03-01',
      extensions: 0, fullOn: '', fullStatus: '预备期至 2027-03-01 期满，待转正', endedOn: '', done: [], next: { no: 21, key: 'probationEducation', name: '继续教育考察', on: '' } })
    signIn([PERM.dyHome, PERM.zzgxMine])
    show()
    const first = await screen.findByTestId('member-priorities')
    await within(first).findByText(/校内转接/)
    await within(first).findByText(/继续教育考察/)
    const items = [...first.querySelectorAll('[data-priority]')].map((li) => li.getAttribute('data-priority'))
    expect(items).toEqual(['fees', 'transfer', 'develop'])
    expect(within(first).getByText('2 个月待缴，共 40.00 元（2026-09、2026-11）')).toBeTruthy()
    expect(within(first).getByRole('link', { name: '去缴费' }).getAttribute('href')).toBe('/list-home/myFees')
    expect(within(first).getByText('校内转接 → 数学教工党支部，支部审核')).toBeTruthy()
    expect(within(first).getByText('下一步：㉑ 继续教育考察；预备期至 2027-03-01 期满，待转正')).toBeTruthy()
    // In the page's order: the priorities and the to-dos come before the profile and the trail.
    const profile = screen.getByText('我的信息').closest('.ant-card') as HTMLElement
    const todos = (await screen.findByText('我的待办（2）')).closest('.ant-card') as HTMLElement
    for (const above of [first, todos]) expect(above.compareDocumentPosition(profile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // 转正日期 of a probationary member: not 未填写, but where their probation is followed.
    expect(within(profile).getByRole('link', { name: '预备期中，查看我的发展' }).getAttribute('href')).toBe('/list-home/myDevelopment')
  })

  it('tells an account without a member record to see an administrator, and still shows its to-dos and messages', async () => {
    mock.onGet('/api/dyHome').reply(200, home({ member: null, org: null, trail: page([], 0), messages: page([], 0) }))
    signIn([PERM.dyHome], { nickName: '王老师' })
    show()
    expect(await screen.findByText(NOT_LINKED)).toBeTruthy()
    expect(NOT_LINKED).toBe('您的账号尚未关联党员信息，请联系管理员')
    expect(screen.getByText('您好，王老师')).toBeTruthy()
    expect(screen.queryByText('我的信息')).toBeNull()
    expect(screen.queryByTestId('org-name')).toBeNull()
    expect(screen.queryByText('我的变动记录')).toBeNull()
    expect(await screen.findByText('其他待办')).toBeTruthy()
    expect(screen.getByText('暂无未读消息')).toBeTruthy()
    expect(mock.history.get.some((r) => r.url === '/api/dyHome/trail')).toBe(false)
  })

  it('offers to retry when the home cannot be read', async () => {
    mock.onGet('/api/dyHome').replyOnce(500, { status: 500, message: '服务器错误' })
    mock.onGet('/api/dyHome').reply(200, home({ member: null, org: null }))
    signIn([PERM.dyHome])
    show()
    const retry = await screen.findByRole('button', { name: /重\s*试/ })
    expect(screen.getByText('党员首页加载失败')).toBeTruthy()
    retry.click()
    expect(await screen.findByText(NOT_LINKED)).toBeTruthy()
  })
})
