import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CongressDetail, CongressView, Representative, Roll, UnitView, VoteView } from '@/api/generated/election'
import { body, captureDownloads, mockApi, page, signIn } from '@/test/api'
import { findDialog, ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import CongressPage from './index'

const VIEW: CongressView = {
  id: 5, createTime: '2026-11-01T08:00:00Z', updateTime: '2026-11-01T08:00:00Z', orgId: 1, title: '第十二次党代会代表选举',
  nominateBy: '2026-12-20', note: '各党支部按名额推荐', createdBy: '组织部', orgName: '中共测试大学委员会', unitCount: 2, quota: 3, nominations: 3,
}

const COUNTED: VoteView = {
  id: 41, ownerKind: 'ddb', ownerId: 12, seq: 1, roundId: 91, seats: 1, expected: 5, present: 5, state: 'counted',
  options: [{ key: 'n21', name: '赵六', memberId: 21 }],
  result: {
    ballots: 5, present: 5, needed: 3, seats: 1, valid: true, elected: 1, tiedSeats: 0, short: 0,
    counts: [
      { key: 'n21', name: '赵六', memberId: 21, votes: 4, majority: true, elected: true, tied: false },
      { name: '孙七', writeIn: true, votes: 1, majority: false, elected: false, tied: false },
    ],
  },
  openedAt: '2026-12-22T01:00:00Z', closedAt: '2026-12-22T02:00:00Z', issued: 5, cast: 5, stateName: '已计票',
}

/** 计算机: nominations open, the caller's own one withdrawable; 数学: voted and counted. */
const CS: UnitView = {
  id: 11, congressId: 5, orgId: 2, quota: 2, method: 'diff', orgName: '计算机学院党委', methodName: '差额选举',
  nominations: [
    { id: 101, unitId: 11, branchId: 3, memberId: 31, name: '张三', reason: '教学科研骨干', createdBy: '书记', createTime: '2026-11-05T08:00:00Z', branchName: '计算机教工党支部', mine: true },
    { id: 102, unitId: 11, branchId: 4, memberId: 41, name: '李四', reason: '', createdBy: '书记', createTime: '2026-11-06T08:00:00Z', branchName: '计算机学生党支部', mine: false },
  ],
  votes: [], elected: [], seatsLeft: 2, nextVote: '', canVote: true, canNominate: true,
}
const MATH: UnitView = {
  id: 12, congressId: 5, orgId: 6, quota: 1, method: 'equal', orgName: '数学学院党委', methodName: '等额选举',
  nominations: [{ id: 103, unitId: 12, branchId: 7, memberId: 21, name: '赵六', reason: '', createdBy: '书记', createTime: '2026-11-07T08:00:00Z', branchName: '数学教工党支部', mine: false }],
  votes: [COUNTED], elected: [COUNTED.result!.counts[0]], seatsLeft: 0, nextVote: '', canVote: false, canNominate: false,
}
const DETAIL: CongressDetail = { ...VIEW, units: [CS, MATH] }

const REPS: Representative[] = [
  { unitName: '数学学院党委', name: '赵六', memberId: 21, votes: 4, present: 5, writeIn: false },
  { unitName: '计算机学院党委', name: '王五', memberId: 0, votes: 3, present: 4, writeIn: true },
]

const ORGS = [
  { id: 1, pid: null, name: '中共测试大学委员会', shortName: '', type: '1', typeLabel: '党委', parentName: '' },
  { id: 2, pid: 1, name: '计算机学院党委', shortName: '', type: '2', typeLabel: '二级党委', parentName: '中共测试大学委员会' },
  { id: 3, pid: 2, name: '计算机教工党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '计算机学院党委' },
  { id: 6, pid: 1, name: '数学学院党委', shortName: '', type: '2', typeLabel: '二级党委', parentName: '中共测试大学委员会' },
]

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/ddbxj').reply(200, page([VIEW]))
  mock.onGet('/api/ddbxj/5').reply(200, DETAIL)
  mock.onGet('/api/ddbxj/5/reps').reply(200, REPS)
  mock.onGet('/api/common/dzz').reply(200, page(ORGS))
})
afterEach(() => mock.restore())

const renderPage = (url = '/party/ddbxj') =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <CongressPage />
    </MemoryRouter>,
  )

/** The texts of a table's body cells, row by row. */
const cells = (table: Element) => [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))

/** A constituency's card in the drawer, by its organisation's name. */
function unitCard(drawer: HTMLElement, name: string): HTMLElement {
  let el: HTMLElement | null = within(drawer).getByText(name, { selector: 'strong' })
  while (el && !el.querySelector('.ant-table')) el = el.parentElement
  return el!
}

describe('party/ddbxj 党代表选举', { timeout: 30_000 }, () => {
  it('lists the congresses; a congress shows its constituencies with their quotas and nominees, and the representatives', async () => {
    signIn(['ddbxj:list', 'ddbxj:export'])
    let asked = 0
    mock.onGet('/api/ddbxj/5/reps/export').reply(() => {
      asked++
      return [200, new Blob(['x'])]
    })
    renderPage()
    const row = (await screen.findByText(VIEW.title)).closest('tr') as HTMLElement
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([VIEW.title, '中共测试大学委员会', '2', '3', '3', '2026-12-20'])
    // Without ddbxj:add there is nothing to create.
    expect(screen.queryByRole('button', { name: '新增党代表选举' })).toBeNull()

    fireEvent.click(within(row).getByRole('button', { name: VIEW.title }))
    const drawer = (await screen.findByText('召开：中共测试大学委员会；提名截止：2026-12-20；选举单位 2 个，代表名额共 3 名，已提名 3 人。各党支部按名额推荐'))
      .closest('.ant-drawer') as HTMLElement

    const cs = unitCard(drawer, '计算机学院党委')
    expect(within(cs).getByText('代表名额 2 名，差额选举')).toBeTruthy()
    expect(cells(cs.querySelector('.ant-table')!)).toEqual([
      ['张三', '计算机教工党支部', '教学科研骨干', '撤回'],
      ['李四', '计算机学生党支部', '', ''],
    ])
    // The buttons follow what the server says the caller may do: here 推荐提名 and 开始投票 (no vote yet).
    expect(within(cs).getByRole('button', { name: '推荐提名' })).toBeTruthy()
    expect(within(cs).getByRole('button', { name: '开始投票' })).toBeTruthy()

    const math = unitCard(drawer, '数学学院党委')
    expect(within(math).getByText('代表名额 1 名，等额选举')).toBeTruthy()
    expect(within(math).queryByRole('button', { name: /推荐提名|开始投票|撤回/ })).toBeNull()
    // Its counted vote: turnout, and per name the votes against the majority of those present.
    expect(within(math).getByText('应选 1 名；应到 5 人，实到 5 人；已投 5/5 票')).toBeTruthy()
    const count = cells(math.querySelectorAll('.ant-table')[1])
    expect(count).toEqual([
      ['赵六', '4', '是', '当选'],
      ['孙七另选他人', '1', '否（需至少3票）', '未当选'],
    ])

    expect(within(drawer).getByText('当选代表（2 名）')).toBeTruthy()
    const reps = [...drawer.querySelectorAll('.ant-table')].at(-1)!
    expect(cells(reps)).toEqual([
      ['数学学院党委', '赵六', '4', '5'],
      ['计算机学院党委', '王五另选他人', '3', '4'],
    ])

    const downloads = captureDownloads()
    try {
      fireEvent.click(within(drawer).getByRole('button', { name: /导\s*出/ }))
      await waitFor(() => expect(downloads.saved).toEqual([`${VIEW.title}当选代表名单.xlsx`]))
      expect(asked).toBe(1)
    } finally {
      downloads.restore()
    }
  })

  it('新增: sends the convening committee, the constituencies with their quotas and methods, and opens the new congress', async () => {
    signIn(['ddbxj:list', 'ddbxj:add'])
    let sent: unknown
    mock.onPost('/api/ddbxj').reply((c) => {
      sent = body(c)
      return [201, { ...DETAIL, id: 9, title: '第十三次党代会代表选举' }]
    })
    mock.onGet('/api/ddbxj/9').reply(200, { ...DETAIL, id: 9, title: '第十三次党代会代表选举', units: [] })
    mock.onGet('/api/ddbxj/9/reps').reply(200, [])
    renderPage()
    await screen.findByText(VIEW.title)
    fireEvent.click(screen.getByRole('button', { name: '新增党代表选举' }))
    const dialog = await findDialog('新增党代表选举')
    const pickOrg = async (combobox: HTMLElement, name: string) => {
      fireEvent.mouseDown(combobox)
      const nodes = await screen.findAllByText(name, { selector: '.ant-select-tree-title' })
      fireEvent.click(nodes[nodes.length - 1])
    }
    // The convener is a 党委 or 二级党委: a branch cannot be chosen.
    const [convener, firstUnit] = within(dialog).getAllByRole('combobox')
    fireEvent.mouseDown(convener)
    const branch = (await screen.findAllByText('计算机教工党支部', { selector: '.ant-select-tree-title' })).at(-1)!
    expect(branch.closest('.ant-select-tree-treenode')!.className).toMatch(/disabled/)
    await pickOrg(convener, '中共测试大学委员会')
    fireEvent.change(within(dialog).getByLabelText('选举名称'), { target: { value: '  第十三次党代会代表选举 ' } })
    await pickOrg(firstUnit, '计算机学院党委')
    // A second constituency: 数学, one representative, 等额.
    fireEvent.click(within(dialog).getByRole('button', { name: '添加选举单位' }))
    const unitBoxes = within(dialog).getAllByRole('combobox')
    await pickOrg(unitBoxes[unitBoxes.length - 2], '数学学院党委')
    const quotas = within(dialog).getAllByRole('spinbutton')
    expect(quotas.map((q) => (q as HTMLInputElement).value)).toEqual(['2', '2'])
    fireEvent.change(quotas[1], { target: { value: '1' } })
    fireEvent.mouseDown(unitBoxes[unitBoxes.length - 1])
    const equal = (await screen.findAllByText('等额选举', { selector: '.ant-select-item-option-content' })).at(-1)!
    fireEvent.click(equal)
    ok(dialog)
    await waitFor(() => expect(sent).toBeTruthy())
    expect(sent).toMatchObject({
      orgId: 1, title: '第十三次党代会代表选举',
      units: [{ orgId: 2, quota: 2, method: 'diff' }, { orgId: 6, quota: 1, method: 'equal' }],
    })
    expect((sent as { nominateBy: string }).nominateBy).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // The new congress opens in the drawer.
    expect(await screen.findByText('您的管理范围内没有本次选举的选举单位')).toBeTruthy()
  })

  it('a branch nominates a member, withdraws its own nomination, and the vote opens for the members present', async () => {
    signIn(['ddbxj:list', 'ddbxj:nominate', 'ddbxj:vote'])
    let nominated: unknown
    let opened: unknown
    let withdrawn = 0
    mock.onGet('/api/ddbxj/eligible', { params: { orgId: 3 } }).reply(200, [{ id: 31, name: '张三', hasAccount: true }, { id: 32, name: '钱八', hasAccount: false }])
    mock.onPost('/api/ddbxj/units/11/nominations').reply((c) => {
      nominated = body(c)
      return [201, {}]
    })
    mock.onDelete('/api/ddbxj/nominations/101').reply(() => {
      withdrawn++
      return [204]
    })
    const roll: Roll = { expected: 5, seats: 2, voters: ['张三', '李四', '王五', '赵六', '钱八'].map((name, i) => ({ id: 31 + i, name, hasAccount: i < 4 })),
      options: [{ key: 'n31', name: '张三', memberId: 31 }, { key: 'n41', name: '李四', memberId: 41 }] }
    mock.onGet('/api/ddbxj/units/11/voters').reply(200, roll)
    mock.onPost('/api/ddbxj/units/11/votes').reply((c) => {
      opened = body(c)
      return [200, { ...COUNTED, id: 42, ownerId: 11, seats: 2, state: 'open', result: null, codes: [{ no: 1, code: 'ABCDEFGHJK' }] }]
    })
    renderPage('/party/ddbxj?id=5')
    const drawer = (await screen.findByText(/^召开：/)).closest('.ant-drawer') as HTMLElement
    const cs = unitCard(drawer, '计算机学院党委')

    fireEvent.click(within(cs).getByRole('button', { name: '推荐提名' }))
    const dialog = await findDialog('计算机学院党委：推荐提名代表候选人')
    const [branchBox, memberBox] = within(dialog).getAllByRole('combobox')
    fireEvent.mouseDown(branchBox)
    fireEvent.click((await screen.findAllByText('计算机教工党支部', { selector: '.ant-select-tree-title' })).at(-1)!)
    fireEvent.mouseDown(memberBox)
    fireEvent.click(await screen.findByText('钱八', { selector: '.ant-select-item-option-content' }))
    fireEvent.change(within(dialog).getByLabelText('推荐理由'), { target: { value: ' 群众基础好 ' } })
    ok(dialog)
    await waitFor(() => expect(nominated).toEqual({ branchId: 3, memberId: 32, reason: '群众基础好' }))

    fireEvent.click(within(cs).getByRole('button', { name: '撤回' }))
    const confirm = (await screen.findAllByText('撤回对张三的提名？'))[0].closest('.ant-modal') as HTMLElement
    fireEvent.click(confirm.querySelector('.ant-btn-primary')!) // a static confirm: antd's default locale here
    await waitFor(() => expect(withdrawn).toBe(1))

    fireEvent.click(within(cs).getByRole('button', { name: '开始投票' }))
    const vote = (await screen.findByText(/应到会（有选举权的正式党员）5 人/)).closest('.ant-modal') as HTMLElement
    expect(within(vote).getByText(/应选 2 名，候选人：张三、李四。/)).toBeTruthy()
    expect(within(vote).getByText('钱八（票码）')).toBeTruthy()
    fireEvent.click(within(vote).getByRole('button', { name: '全部到会' }))
    fireEvent.click(within(vote).getByRole('button', { name: /开始投票/ }))
    await waitFor(() => expect(opened).toEqual({ present: [31, 32, 33, 34, 35] }))
    expect(await screen.findByText('ABCDEFGHJK')).toBeTruthy()
  })
})
