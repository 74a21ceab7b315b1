import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { bodiesOf, mockApi, page, signIn } from '@/test/api'
import { formatTime } from '@/utils/time'
import JobPage from './index'

const run = (id: number, over = {}) => ({
  id,
  jobName: 'system.purgeExpired',
  trigger: 1,
  state: 3,
  success: true,
  error: '',
  instance: 'web-1',
  userId: null,
  startTime: '2026-03-04T05:00:00Z',
  finishTime: '2026-03-04T05:00:01Z',
  durationMs: 15,
  ...over,
})
const JOBS = [
  {
    name: 'system.purgeExpired',
    title: '清理过期的会话',
    cron: '*/5 * * * *',
    defaultCron: '*/10 * * * *',
    schedule: '每 5 分钟',
    defaultSchedule: '每 10 分钟',
    enabled: 1,
    state: 3,
    lastRun: run(7, { success: false, error: '磁盘已满' }),
    nextRun: '2026-03-04T05:05:00Z',
  },
  { name: 'remind.evaluate', title: '智能提醒', cron: '0 7 * * *', defaultCron: '0 7 * * *', schedule: '每天 07:00', defaultSchedule: '每天 07:00', enabled: 0, state: 1, lastRun: null, nextRun: null },
]

let mock: MockAdapter
const runQueries: Record<string, unknown>[] = []
beforeEach(() => {
  runQueries.length = 0
  mock = mockApi()
  mock.onGet('/api/jobs').reply(200, JOBS)
  mock.onGet('/api/jobs/runs').reply((c) => {
    runQueries.push(c.params)
    return [200, page([run(7, { success: false, error: '磁盘已满' }), run(6, { trigger: 2 })])]
  })
})
afterEach(() => mock.restore())

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('monitor/job', { timeout: 20_000 }, () => {
  it('lists the jobs with their schedule, switch, last and next run', async () => {
    signIn([PERM.jobList])
    renderWithApp(<JobPage />)
    const purge = within(await waitFor(() => row('清理过期的会话')))
    // The schedule in words first, the expression beside it; the job's name first, its key beside it.
    expect(purge.getByText('每 5 分钟')).toBeTruthy()
    expect(purge.getByText('*/5 * * * *')).toBeTruthy()
    expect(purge.getByText('system.purgeExpired')).toBeTruthy()
    expect(within(row('智能提醒')).getByText('每天 07:00')).toBeTruthy()
    expect(purge.getByText('失败')).toBeTruthy()
    expect(purge.getByText(formatTime('2026-03-04T05:00:00Z'))).toBeTruthy()
    expect(purge.getByText(formatTime('2026-03-04T05:05:00Z'))).toBeTruthy()
    const remind = within(row('智能提醒'))
    expect(remind.getByText('从未执行')).toBeTruthy()
    expect(remind.getByText('已停用')).toBeTruthy()
    expect(remind.getByText('未执行')).toBeTruthy()
    // Without job:edit and job:run: the switch is read-only, 编辑 and 立即执行 are not offered.
    expect((purge.getByRole('switch') as HTMLButtonElement).disabled).toBe(true)
    expect(purge.queryByText('编辑')).toBeNull()
    expect(purge.queryByText('立即执行')).toBeNull()
  })

  it('switches a job off and on', async () => {
    signIn([PERM.jobList, PERM.jobEdit])
    const sent = bodiesOf(mock.onPut('/api/jobs'), 204)
    renderWithApp(<JobPage />)
    fireEvent.click(within(await waitFor(() => row('清理过期的会话'))).getByRole('switch'))
    await waitFor(() => expect(sent).toEqual([{ name: 'system.purgeExpired', enabled: 0 }]))
    fireEvent.click(within(row('智能提醒')).getByRole('switch'))
    await waitFor(() => expect(sent.at(-1)).toEqual({ name: 'remind.evaluate', enabled: 1 }))
  })

  it('edits the cron; the server marks a wrong expression on the field', async () => {
    signIn([PERM.jobList, PERM.jobEdit])
    mock
      .onPut('/api/jobs')
      .replyOnce(400, { status: 400, message: 'Cron 表达式“0 25 * * *”无效', field: 'cron' })
      .onPut('/api/jobs')
      .replyOnce(204)
    renderWithApp(<JobPage />)
    fireEvent.click(within(await waitFor(() => row('清理过期的会话'))).getByText('编辑'))
    const input = await screen.findByDisplayValue('*/5 * * * *')
    expect(screen.getByRole('dialog').textContent).toContain('默认：每 10 分钟（*/10 * * * *）')
    expect(screen.getByRole('dialog').textContent).toContain('每 5 分钟')
    fireEvent.change(input, { target: { value: '0 25 * * *' } })
    ok()
    expect(await screen.findByText('Cron 表达式“0 25 * * *”无效')).toBeTruthy()
    fireEvent.change(input, { target: { value: '0 2 * * *' } })
    ok()
    await waitFor(() => expect(mock.history.put.map((r) => JSON.parse(r.data as string))).toEqual([
      { name: 'system.purgeExpired', cron: '0 25 * * *' },
      { name: 'system.purgeExpired', cron: '0 2 * * *' },
    ]))
  })

  it('runs a job now after asking', async () => {
    signIn([PERM.jobList, PERM.jobRun])
    const sent = bodiesOf(mock.onPost('/api/jobs/run'))
    renderWithApp(<JobPage />)
    fireEvent.click(within(await waitFor(() => row('智能提醒'))).getByText('立即执行'))
    expect(await screen.findByText('确定立即执行“智能提醒”吗？任务将在后台执行，结果见执行记录。')).toBeTruthy()
    ok()
    await waitFor(() => expect(sent).toEqual([{ name: 'remind.evaluate' }]))
  })

  it('shows the run history of a job with its errors', async () => {
    signIn([PERM.jobList])
    renderWithApp(<JobPage />)
    fireEvent.click(within(await waitFor(() => row('清理过期的会话'))).getByText('执行记录'))
    expect(await screen.findByText('执行记录：清理过期的会话')).toBeTruthy()
    expect(await screen.findByText('磁盘已满', { selector: '.ant-drawer *' })).toBeTruthy()
    expect(screen.getByText('手动')).toBeTruthy()
    expect(runQueries[0]).toMatchObject({ jobName: 'system.purgeExpired', page: 0 })
  })
})
