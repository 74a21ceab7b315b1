import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import { formatTime } from '@/utils/time'
import RecordTimeline, { actionLabel, timelineProps } from './RecordTimeline'
import type { FlowEntry, FlowStep, FlowView } from './types'

const STEPS: FlowStep[] = [
  { key: 'apply', title: '提交申请', description: '申请人' },
  { key: 'branch', title: '支部审查', description: '党支部' },
  { key: 'committee', title: '党委审批', description: '院党委' },
]

const ENTRIES: FlowEntry[] = [
  { id: 1, time: '2026-03-01T09:00:00+08:00', actorName: '张三', action: 'submit', step: 'apply' },
  {
    id: 2,
    time: '2026-03-02T10:30:00+08:00',
    actorName: '李四',
    actorRole: '支部书记 · 计算机学院第一党支部',
    action: 'approve',
    step: 'branch',
    comment: '材料齐全，同意上报',
    attachments: [{ id: 7, name: '支部大会记录.pdf', size: 2048 }],
  },
  { id: 3, time: '2026-03-05T15:00:00+08:00', actorName: '王五', actorRole: '院党委', action: 'return', step: 'committee', toStep: 'branch', comment: '缺少谈话记录' },
]

// The header's steps only (antd's Timeline is built on Steps too).
const stepItems = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('.record-steps .ant-steps-item')]
const entry = (id: number) => document.querySelector<HTMLElement>(`[data-entry-id="${id}"]`)!

describe('RecordTimeline', () => {
  it('marks the current step of the declared steps', () => {
    const { container } = renderWithApp(<RecordTimeline steps={STEPS} current="branch" entries={ENTRIES} />)
    const items = stepItems(container)
    expect(items.map((i) => i.querySelector('.ant-steps-item-title')?.textContent)).toEqual(['提交申请', '支部审查', '党委审批'])
    expect(items.map((i) => i.querySelector('.ant-steps-item-content')?.textContent)).toEqual(['申请人', '党支部', '院党委'])
    expect(items[0].className).toContain('ant-steps-item-finish')
    expect(items[1].className).toContain('ant-steps-item-process')
    expect(items[2].className).toContain('ant-steps-item-wait')
  })

  it('leaves a declared step the record never reached waiting, not done (a step only a return leads to)', () => {
    const steps: FlowStep[] = [{ key: 'revise', title: '修改方案后重新报批' }, ...STEPS]
    // The server's submit names no step of its own, only where the record went (toStep).
    const history: FlowEntry[] = [
      { id: 1, time: '2026-03-01T09:00:00+08:00', actorName: '张三', action: 'submit', toStep: 'apply' },
      { id: 2, time: '2026-03-02T09:00:00+08:00', actorName: '李四', action: 'approve', step: 'apply' },
      { id: 3, time: '2026-03-03T09:00:00+08:00', actorName: '王五', action: 'approve', step: 'branch' },
    ]
    const { container, unmount } = renderWithApp(<RecordTimeline steps={steps} current="committee" status="finish" entries={history} />)
    const classes = stepItems(container).map((i) => i.className)
    expect(classes[0]).toContain('ant-steps-item-wait')
    for (const c of classes.slice(1)) expect(c).toContain('ant-steps-item-finish')
    unmount()
    // Sent back to it, it was reached: done like the others.
    const returned = renderWithApp(
      <RecordTimeline steps={steps} current="committee" entries={[...history, { id: 4, time: '2026-03-04T09:00:00+08:00', actorName: '赵六', action: 'return', step: 'committee', toStep: 'revise' }]} />,
    )
    expect(stepItems(returned.container)[0].className).toContain('ant-steps-item-finish')
  })

  it('shows a step that ended in 不通过 as an error, and a finished flow as done', () => {
    const { container, unmount } = renderWithApp(<RecordTimeline steps={STEPS} current="committee" status="error" entries={ENTRIES} />)
    expect(stepItems(container)[2].className).toContain('ant-steps-item-error')
    unmount()
    const done = renderWithApp(<RecordTimeline steps={STEPS} current="committee" status="finish" entries={ENTRIES} />)
    expect(stepItems(done.container).every((i) => i.className.includes('ant-steps-item-finish'))).toBe(true)
  })

  it('lists who did what when, with comments and attachments, in the given order', () => {
    renderWithApp(<RecordTimeline steps={STEPS} current="branch" entries={ENTRIES} />)
    const ids = [...document.querySelectorAll('[data-entry-id]')].map((e) => e.getAttribute('data-entry-id'))
    expect(ids).toEqual(['1', '2', '3'])
    const approved = within(entry(2))
    expect(approved.getByText(formatTime(ENTRIES[1].time))).toBeTruthy()
    expect(approved.getByText('支部审查')).toBeTruthy()
    expect(approved.getByText('通过')).toBeTruthy()
    expect(approved.getByText('李四')).toBeTruthy()
    expect(approved.getByText('（支部书记 · 计算机学院第一党支部）')).toBeTruthy()
    expect(approved.getByText('材料齐全，同意上报')).toBeTruthy()
    expect(approved.getByRole('button', { name: /支部大会记录\.pdf/ })).toBeTruthy()
    expect(within(entry(3)).getByText('退回至「支部审查」')).toBeTruthy()
    expect(within(entry(1)).getByText('提交')).toBeTruthy()
    expect(within(entry(1)).queryByRole('button')).toBeNull()
  })

  it('leaves the steps bar out for a page that shows the steps itself, and still names them in the history', () => {
    const { container } = renderWithApp(<RecordTimeline steps={STEPS} current="branch" entries={ENTRIES} hideSteps />)
    expect(stepItems(container)).toEqual([])
    expect(within(entry(2)).getByText('支部审查')).toBeTruthy()
  })

  it('names every result', () => {
    const e = (action: FlowEntry['action'], toStep?: string): FlowEntry => ({ id: 1, time: '', actorName: '', action, toStep })
    expect(['submit', 'approve', 'reject', 'withdraw'].map((a) => actionLabel(e(a as FlowEntry['action']), STEPS))).toEqual(['提交', '通过', '不通过', '撤回'])
    expect(actionLabel(e('return', 'apply'), STEPS)).toBe('退回至「提交申请」')
    expect(actionLabel(e('return', 'gone'), STEPS)).toBe('退回至「gone」')
    expect(actionLabel(e('return'), STEPS)).toBe('退回')
  })

  it('says why the history is empty', () => {
    const { container, unmount } = renderWithApp(<RecordTimeline steps={STEPS} current={null} entries={[]} />)
    expect(screen.getByText('尚未提交，暂无办理记录')).toBeTruthy()
    expect(stepItems(container).every((i) => i.className.includes('ant-steps-item-wait'))).toBe(true)
    unmount()
    renderWithApp(<RecordTimeline steps={STEPS} current="branch" entries={[]} emptyText="历史记录已归档，请到档案室查阅" />)
    expect(screen.getByText('历史记录已归档，请到档案室查阅')).toBeTruthy()
  })

  it('says so when the current step is not a declared one', () => {
    renderWithApp(<RecordTimeline steps={STEPS} current="archive" entries={ENTRIES} />)
    expect(screen.getByText('当前环节“archive”不在流程定义中')).toBeTruthy()
  })

  it('shows a flow as the flow API answers it', () => {
    const view: FlowView = {
      workflow: 'sample', started: true, state: 'rejected', stateName: '未通过', step: '', current: 'committee', status: 'error', version: 4,
      actingOrgName: '', actingRole: '', steps: STEPS, mayAct: false, results: [], returnTo: [],
      entries: ENTRIES.map((e, i) => ({ ...e, id: i + 1, actorId: null, role: '', orgName: '', fileIds: [], attachments: [] })),
    }
    const { container, unmount } = renderWithApp(<RecordTimeline {...timelineProps(view)} />)
    expect(stepItems(container)[2].className).toContain('ant-steps-item-error')
    expect(document.querySelectorAll('[data-entry-id]')).toHaveLength(3)
    unmount()
    // Before submission no step is current, whatever the preview of the chain.
    expect(timelineProps({ ...view, started: false, current: '', status: '', entries: [] })).toMatchObject({ current: null, status: 'process' })
  })
})
