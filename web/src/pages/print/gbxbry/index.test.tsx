import { screen, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { candidate, flowAt, selection } from '@/pages/gb/xbry/fixtures'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import GbxbryPrint from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn(['gbxbry:list'])
})
afterEach(() => mock.restore())

const show = (query: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/print/gbxbry${query}`]}>
      <GbxbryPrint />
    </MemoryRouter>,
  )

/** The rows of the stage titled `title` (its title cell spans them). */
const stageText = (title: string) => {
  const th = screen.getByText(title, { selector: 'th' })
  const rows = [th.closest('tr') as HTMLElement]
  for (let i = 1; i < (th as HTMLTableCellElement).rowSpan; i++) rows.push(rows[i - 1].nextElementSibling as HTMLElement)
  return rows.map((r) => r.textContent).join('|')
}

// Inspected: the meeting decided; 公示, 任职 and 考核 not reached.
const decided = selection({
  state: 'publicizing',
  stateName: '任前公示',
  recOn: '2026-03-10',
  recMethod: 'both',
  recMethodName: '会议推荐和个别谈话推荐',
  recExpected: 45,
  recPresent: 42,
  inspTeam: '张三、李四',
  inspFrom: '2026-03-12',
  inspTo: '2026-03-20',
  inspTalks: 28,
  inspReport: '该同志政治立场坚定。',
  meetOn: '2026-03-25',
  meetName: '党委常委会',
  meetTotal: 11,
  meetPresent: 10,
  meetAgree: 9,
  appointeeId: 11,
  appointeeName: '王超',
  candidates: [candidate({ inspected: true }), candidate({ id: 2, cadreId: 12, name: '李明', unitName: '软件学院', post: '', votes: 8, talkVotes: 3 })],
})

describe('干部选拔任用工作纪实表（打印）', { timeout: 20_000 }, () => {
  it('prints each stage reached with its record, the stages not reached as such, and the history', async () => {
    mock.onGet('/api/gbxbry/7').reply(200, decided)
    mock.onGet('/api/gbxbry/7/flow').reply(
      200,
      flowAt('publicize', {
        entries: [
          { id: 9, time: '2026-03-02T02:00:00Z', actorName: '干部管理员', action: 'submit', comment: '', actorId: 1, role: '', orgName: '', fileIds: [], attachments: [] },
          { id: 1, time: '2026-03-10T02:00:00Z', actorName: '赵干部', action: 'approve', step: 'recommend', comment: '推荐结果有效', actorId: 1, role: '', orgName: '', fileIds: [], attachments: [] },
          { id: 2, time: '2026-03-20T02:00:00Z', actorName: '赵干部', action: 'approve', step: 'inspect', comment: '', actorId: 1, role: '', orgName: '', fileIds: [], attachments: [] },
        ],
      }),
    )
    show('?id=7')
    expect(await screen.findByRole('heading', { level: 1, name: '干部选拔任用工作纪实表' })).toBeTruthy()
    expect(screen.getByText('计算机学院院长选拔任用')).toBeTruthy()
    expect(screen.getByText('正处级')).toBeTruthy()
    expect(stageText('动议')).toContain('2026年3月2日')
    expect(stageText('动议')).toContain('院长任期届满')
    const recommend = stageText('民主推荐')
    expect(recommend).toContain('2026年3月10日')
    expect(recommend).toContain('会议推荐和个别谈话推荐')
    expect(recommend).toContain('42人')
    const table = screen.getByText('会议推荐票', { selector: 'th' }).closest('table') as HTMLElement
    expect(within(table).getByText('李明').closest('tr')?.textContent).toBe('2李明软件学院83')
    expect(stageText('考察')).toContain('2026年3月12日 至 2026年3月20日')
    expect(stageText('考察')).toContain('该同志政治立场坚定。')
    expect(stageText('讨论决定')).toContain('王超')
    expect(stageText('讨论决定')).toContain('9票')
    for (const title of ['任前公示', '任职', '试用期满考核']) expect(stageText(title)).toBe(`${title}（尚未进行）`)
    const history = screen.getByText('办理记录').nextElementSibling as HTMLElement
    expect(within(history).getByText('推荐结果有效').closest('tr')?.textContent).toContain('赵干部')
    expect(within(history).getAllByRole('row')).toHaveLength(4)
    // The 提交 that opened it is the 动议's.
    expect(within(history).getByText('干部管理员').closest('tr')?.textContent).toContain('动议干部管理员提交')
  })

  it('a selection done without a probation says its review does not apply', async () => {
    mock.onGet('/api/gbxbry/7').reply(200, { ...decided, state: 'done', stateName: '已完成', pubFrom: '2026-03-26', pubTo: '2026-04-02', appointOn: '2026-04-06', docNo: '校党干〔2026〕12号' })
    mock.onGet('/api/gbxbry/7/flow').reply(200, flowAt('', { state: 'done' }))
    show('?id=7')
    expect(await screen.findByText('校党干〔2026〕12号')).toBeTruthy()
    expect(stageText('任职')).toContain('不设试用期')
    expect(stageText('试用期满考核')).toBe('试用期满考核（不设试用期，无需考核）')
    expect(screen.queryByText('（尚未进行）')).toBeNull()
  })

  it('says so when the selection cannot be read', async () => {
    mock.onGet('/api/gbxbry/9').reply(404, { message: '选拔任用记录不存在' })
    mock.onGet('/api/gbxbry/9/flow').reply(404, { message: '选拔任用记录不存在' })
    show('?id=9')
    expect(await screen.findByText('该选拔任用记录不存在或无权查看')).toBeTruthy()
  })
})
