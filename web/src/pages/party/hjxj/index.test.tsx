import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Detail, ElectionRecord, Roll, VoteView } from '@/api/generated/election'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import ElectionPage from './index'

const RECORD: ElectionRecord = {
  id: 7, createTime: '2026-11-01T08:00:00Z', updateTime: '2026-11-01T08:00:00Z', orgId: 3, parentId: 2,
  title: '计算机教工党支部换届选举', seats: 2, secretary: false, method: 'diff', meetingOn: '2026-12-10', note: '',
  state: 'approved', secretaryName: '', deputyName: '', termStart: '', termEnd: '', createdBy: '张三',
  orgName: '计算机教工党支部', parentName: '计算机学院党委', stateName: '待选举', methodName: '差额选举',
}

const COUNTED: VoteView = {
  id: 31, ownerKind: 'hj', ownerId: 7, seq: 1, roundId: 90, seats: 2, expected: 5, present: 5, state: 'counted',
  options: [{ key: 'c1', name: '甲', memberId: 1 }, { key: 'c2', name: '乙', memberId: 2 }, { key: 'c3', name: '丙', memberId: 3 }],
  result: {
    ballots: 5, present: 5, needed: 3, seats: 2, valid: true, elected: 1, tiedSeats: 1, short: 0,
    counts: [
      { key: 'c1', name: '甲', memberId: 1, votes: 4, majority: true, elected: true, tied: false },
      { key: 'c2', name: '乙', memberId: 2, votes: 3, majority: true, elected: false, tied: true },
      { key: 'c3', name: '丙', memberId: 3, votes: 3, majority: true, elected: false, tied: true },
    ],
  },
  openedAt: '2026-12-10T01:00:00Z', closedAt: '2026-12-10T02:00:00Z', issued: 5, cast: 5, stateName: '已计票',
}

const DETAIL: Detail = {
  ...RECORD,
  candidates: [{ id: 1, memberId: 1, name: '甲', sort: 1, forSecretary: false }, { id: 2, memberId: 2, name: '乙', sort: 2, forSecretary: false },
    { id: 3, memberId: 3, name: '丙', sort: 3, forSecretary: false }],
  votes: [COUNTED],
  elected: [COUNTED.result!.counts[0]],
  seatsLeft: 1,
  directSecretary: '',
  canVote: true,
  nextVote: '最后1个名额出现票数相等，应就票数相等的被选举人再次投票',
}

const ROLL: Roll = {
  expected: 5, seats: 1,
  voters: ['甲', '乙', '丙', '丁', '戊'].map((name, i) => ({ id: i + 1, name, hasAccount: i < 3 })),
  options: [{ key: 'c2', name: '乙', memberId: 2 }, { key: 'c3', name: '丙', memberId: 3 }],
}

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/hjxj').reply(200, page([RECORD]))
  mock.onGet('/api/hjxj/7').reply(200, DETAIL)
  mock.onGet('/api/hjxj/7/flow').reply(200, {
    workflow: 'hjxj', started: true, state: 'approved', stateName: '待选举', step: 'report', current: 'report', status: 'process', version: 2,
    actingOrgName: '计算机教工党支部', actingRole: '选举单位', steps: [], entries: [], mayAct: false, results: [], returnTo: [],
  })
  mock.onGet('/api/hjxj/7/voters').reply(200, ROLL)
})
afterEach(() => mock.restore())

const renderPage = (url = '/party/hjxj') =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <ElectionPage />
    </MemoryRouter>,
  )

describe('party/hjxj 换届选举', { timeout: 30_000 }, () => {
  it('lists the elections and says why the list is empty', async () => {
    signIn(['hjxj:list', 'hjxj:add'])
    renderPage()
    const row = (await screen.findByText(RECORD.title)).closest('tr') as HTMLElement
    expect(within(row).getByText('待选举')).toBeTruthy()
    expect(screen.getByRole('button', { name: '发起换届' })).toBeTruthy()
    mock.onGet('/api/hjxj').reply(200, page([]))
    fireEvent.change(screen.getByPlaceholderText('选举名称'), { target: { value: '数学' } })
    fireEvent.keyDown(screen.getByPlaceholderText('选举名称'), { key: 'Enter', code: 'Enter', keyCode: 13 })
    expect(await screen.findByText('没有符合条件的换届选举')).toBeTruthy()
  })

  it('任期即将届满 opens the election under way of an organisation instead of offering a second one', async () => {
    signIn(['hjxj:list', 'hjxj:add'])
    const asked: unknown[] = []
    const due: unknown[] = []
    mock.onGet('/api/hjxj').reply((c) => {
      asked.push(c.params)
      return [200, page([RECORD])]
    })
    mock.onGet('/api/dzzxx').reply((c) => {
      due.push(c.params)
      return [200, page([
        { id: 3, name: '计算机教工党支部', typeLabel: '党支部', termStart: '2023-12-20', termEnd: '2026-12-20' },
        { id: 4, name: '计算机学生党支部', typeLabel: '党支部', termStart: '', termEnd: '2026-12-31' },
      ])]
    })
    renderPage('/party/hjxj?tab=due')
    const going = (await screen.findByText('2023-12-20 至 2026-12-20')).closest('tr') as HTMLElement
    // RECORD (待选举) is the first branch's: no 发起换届 there, the server would refuse a second election.
    const view = await within(going).findByRole('button', { name: '查看换届' })
    expect(within(going).queryByRole('button', { name: /发起换届/ })).toBeNull()
    // Only this page's organisations' elections under way are asked for.
    expect(asked).toContainEqual({ page: 0, size: 20, state: ['review', 'returned', 'approved', 'confirming'], orgIds: [3, 4] })
    expect(due).toContainEqual({ page: 0, size: 20, termDueWithinDays: 90, sort: 'termEnd,asc' }) // paged by the server
    const free = screen.getByText('— 至 2026-12-31').closest('tr') as HTMLElement
    expect(within(free).getByRole('button', { name: /发起换届/ })).toBeTruthy()
    fireEvent.click(view)
    expect(await screen.findByText(DETAIL.nextVote)).toBeTruthy()
  })

  it('shows the count with a tie and opens another vote for the members ticked present', async () => {
    signIn(['hjxj:list', 'hjxj:vote'])
    let sent: unknown
    mock.onPost('/api/hjxj/7/votes').reply((c) => {
      sent = body(c)
      return [200, { ...COUNTED, id: 32, seq: 2, state: 'open', result: null, codes: [{ no: 1, code: 'ABCDEFGHJK' }, { no: 2, code: 'MNPQRSTUVW' }] }]
    })
    renderPage('/party/hjxj?id=7')
    expect(await screen.findByText(DETAIL.nextVote)).toBeTruthy()
    expect(screen.getAllByText('票数相等，再次投票').length).toBe(2)
    expect(screen.getByText('当选')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '再次投票' }))
    const dialog = (await screen.findByText(/应到会（有选举权的正式党员）5 人/)).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: '全部到会' }))
    fireEvent.click(within(dialog).getByRole('button', { name: /开始投票/ }))
    await waitFor(() => expect(sent).toEqual({ present: [1, 2, 3, 4, 5] }))
    expect(await screen.findByText('ABCDEFGHJK')).toBeTruthy()
  })
})
