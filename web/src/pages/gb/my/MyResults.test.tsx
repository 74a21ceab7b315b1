import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MyResult } from '@/api/generated/cadreAssess'
import { body, mockApi, signIn } from '@/test/api'
import { findDialog } from '@/test/page'
import { renderWithApp } from '@/test/render'
import MyResults, { reasonLength } from './MyResults'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn([])
})
afterEach(() => mock.restore())

const mine = (over: Partial<MyResult> = {}): MyResult => ({
  id: 31,
  roundId: 5,
  roundName: '2026年度中层干部考核',
  year: 2026,
  state: 'counted',
  stateName: '待确认',
  score: '91.25',
  rank: 2,
  assessed: 38,
  grade: '优秀',
  groups: [{ key: 'xld', name: '校领导', score: '93.00' }, { key: 'jzg', name: '教职工代表', score: null }],
  canAppeal: true,
  appealState: '',
  appealReason: '',
  appealAt: null,
  appealReply: '',
  ...over,
})

const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: '提交申诉' }))

describe('gb/my 我的考核结果', { timeout: 30_000 }, () => {
  it('shows each round newest first with rank of how many, grade and group scores; the appeal as it stands', async () => {
    mock.onGet('/api/gbkh/mine').reply(200, [
      mine(),
      mine({
        id: 20, roundId: 3, roundName: '2025年度中层干部考核', year: 2025, state: 'confirmed', stateName: '已确认', rank: 7, assessed: 40,
        grade: '称职', canAppeal: false, appealState: 'changed', appealReason: '请复核教职工代表评分', appealAt: '2025-12-11T02:30:00Z',
        appealReply: '经复核，调整为称职', groups: [{ key: 'xld', name: '校领导', score: '80.00' }],
      }),
    ])
    renderWithApp(<MyResults />)
    const first = (await screen.findByText('2026年度 · 2026年度中层干部考核')).closest('.ant-card') as HTMLElement
    const titles = screen.getAllByText(/年度 · /).map((e) => e.textContent)
    expect(titles).toEqual(['2026年度 · 2026年度中层干部考核', '2025年度 · 2025年度中层干部考核'])
    expect(within(first).getByText('待确认')).toBeTruthy()
    expect(within(first).getByText('91.25')).toBeTruthy()
    expect(within(first).getByText('第2名/共38人')).toBeTruthy()
    expect(within(first).getByText('优秀')).toBeTruthy()
    expect(within(first).getByText('93.00')).toBeTruthy()
    // A group that cast no ballot for the cadre has no score.
    expect(within(first).getByText('教职工代表评分').closest('th')?.nextElementSibling?.textContent).toBe('—')
    expect(within(first).getByRole('button', { name: '提出申诉' })).toBeTruthy()
    const second = card('2025年度 · 2025年度中层干部考核')
    expect(within(second).queryByRole('button', { name: '提出申诉' })).toBeNull()
    expect(within(second).getByText('已调整等次')).toBeTruthy()
    expect(within(second).getByText('申诉理由：请复核教职工代表评分')).toBeTruthy()
    expect(within(second).getByText('答复：经复核，调整为称职')).toBeTruthy()
    expect(within(second).getByText(/2025-12-11 \d\d:30 提出/)).toBeTruthy()
  })

  it('says when there is no result, and what the server says when no cadre record is linked', async () => {
    mock.onGet('/api/gbkh/mine').reply(200, [])
    const { unmount } = renderWithApp(<MyResults />)
    expect(await screen.findByText('暂无考核结果：考核测评结束后，结果会显示在这里')).toBeTruthy()
    unmount()
    mock.onGet('/api/gbkh/mine').reply(404, { status: 404, message: '您的账号未关联干部档案，请联系干部管理员' })
    renderWithApp(<MyResults />)
    expect(await screen.findByText('您的账号未关联干部档案，请联系干部管理员')).toBeTruthy()
  })

  it('counts a reason\'s characters as the server does: trimmed, one per character', () => {
    expect(reasonLength('  一二三四五六七八九  ')).toBe(9)
    expect(reasonLength('𠀀𠀁𠀂𠀃𠀄𠀅𠀆𠀇𠀈𠀉')).toBe(10)
  })

  it('提出申诉 takes 10 to 1000 characters, warns it is once only, sends the trimmed reason and reloads', async () => {
    let appealed = false
    mock.onGet('/api/gbkh/mine').reply(() => [200, [appealed ? mine({ canAppeal: false, appealState: 'pending', appealReason: '评分未体现年度重大任务', appealAt: '2026-12-11T02:30:00Z' }) : mine()]])
    const sent: unknown[] = []
    mock.onPost('/api/gbkh/mine/31/appeal').reply((c) => {
      sent.push(body(c))
      appealed = true
      return [200, { appealed: true }]
    })
    renderWithApp(<MyResults />)
    fireEvent.click(await screen.findByRole('button', { name: '提出申诉' }))
    const dialog = await findDialog('提出申诉 · 2026年度中层干部考核')
    expect(within(dialog).getByText(/只能申诉一次/)).toBeTruthy()
    const box = within(dialog).getByRole('textbox')
    // Nine characters and padding are too short.
    fireEvent.change(box, { target: { value: '   评分未体现重大任务   ' } })
    submit(dialog)
    expect(await within(dialog).findByText('请写明申诉理由（10到1000个字）')).toBeTruthy()
    fireEvent.change(box, { target: { value: '长'.repeat(1001) } })
    submit(dialog)
    await waitFor(() => expect(within(dialog).getByText('请写明申诉理由（10到1000个字）')).toBeTruthy())
    expect(sent).toEqual([])
    fireEvent.change(box, { target: { value: '  评分未体现年度重大任务  ' } })
    submit(dialog)
    await waitFor(() => expect(sent).toEqual([{ reason: '评分未体现年度重大任务' }]))
    expect(await screen.findByText('待答复')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '提出申诉' })).toBeNull()
  })
})
