import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { bodiesOf, mockApi, page, signIn } from '@/test/api'
import RemindPage from './index'

const rule = (type: number, name: string, over = {}) => ({
  type,
  name,
  window: 90,
  defaultWindow: 90,
  enabled: 1,
  runState: 3,
  lastRunTime: '2026-03-04T23:00:00Z',
  lastCount: 2,
  lastError: '',
  open: 2,
  ...over,
})
const RULES = [rule(1, '党组织任期届满提醒'), rule(3, '预备党员预备期满提醒', { window: 30, enabled: 0, runState: 1, lastRunTime: null, lastCount: 0, open: 0 })]

let mock: MockAdapter
const reminderQueries: Record<string, unknown>[] = []
beforeEach(() => {
  reminderQueries.length = 0
  mock = mockApi()
  mock.onGet('/api/remind/rules').reply(200, RULES)
  mock.onGet('/api/remind/reminders').reply((c) => {
    reminderQueries.push(c.params)
    return [200, page([{ id: 5, type: 1, recordId: 7, dueOn: '2026-05-01', orgId: 7, orgName: '计算机教工党支部', userId: null,
      title: '计算机教工党支部本届任期于2026-05-01届满，请及时做好换届工作', link: '/party/dzz?id=7', createTime: '2026-03-04T23:00:00Z', closeTime: null }])]
  })
})
afterEach(() => mock.restore())

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/remind', { timeout: 20_000 }, () => {
  it('lists the rules with window, switch, run state and open reminders', async () => {
    signIn([PERM.remindList])
    renderWithApp(<RemindPage />)
    const term = within(await waitFor(() => row('党组织任期届满提醒')))
    expect(term.getByText('90 天')).toBeTruthy()
    expect(term.getByText('已完成')).toBeTruthy()
    expect(term.getByText('2 条')).toBeTruthy()
    const probation = within(row('预备党员预备期满提醒'))
    expect(probation.getByText('从未运行')).toBeTruthy()
    expect(probation.getByText('未执行')).toBeTruthy()
    expect((probation.getByRole('switch') as HTMLButtonElement).disabled).toBe(true)
    expect(term.queryByText('编辑')).toBeNull()
    expect(term.queryByText('立即执行')).toBeNull()
  })

  it('changes the window and the switch', async () => {
    signIn([PERM.remindList, PERM.remindEdit])
    const sent = bodiesOf(mock.onPut('/api/remind/rules'), 204)
    renderWithApp(<RemindPage />)
    fireEvent.click(within(await waitFor(() => row('党组织任期届满提醒'))).getByText('编辑'))
    const input = await screen.findByDisplayValue('90')
    fireEvent.change(input, { target: { value: '60' } })
    ok()
    await waitFor(() => expect(sent).toEqual([{ type: 1, window: 60 }]))
    fireEvent.click(within(row('预备党员预备期满提醒')).getByRole('switch'))
    await waitFor(() => expect(sent.at(-1)).toEqual({ type: 3, enabled: 1 }))
  })

  it('runs a rule now; a rule switched off cannot run', async () => {
    signIn([PERM.remindList, PERM.remindRun])
    const sent = bodiesOf(mock.onPost('/api/remind/rules/run'))
    renderWithApp(<RemindPage />)
    const off = within(await waitFor(() => row('预备党员预备期满提醒'))).getByText('立即执行').closest('button')!
    expect(off.disabled).toBe(true)
    fireEvent.click(within(row('党组织任期届满提醒')).getByText('立即执行'))
    expect(await screen.findByText('确定立即执行“党组织任期届满提醒”吗？到期的记录将提醒到相关人员。')).toBeTruthy()
    ok()
    await waitFor(() => expect(sent).toEqual([{ type: 1 }]))
  })

  it('shows the open reminders of a rule with their records', async () => {
    signIn([PERM.remindList])
    renderWithApp(<RemindPage />)
    fireEvent.click(within(await waitFor(() => row('党组织任期届满提醒'))).getByText('2 条'))
    expect(await screen.findByText('计算机教工党支部本届任期于2026-05-01届满，请及时做好换届工作')).toBeTruthy()
    expect(screen.getByText('查看').getAttribute('href')).toMatch(/\/party\/dzz\?id=7$/)
    expect(reminderQueries[0]).toMatchObject({ type: 1, page: 0 })
  })
})
