import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Batch, CompletionRow, Trainee } from '@/api/generated/pschool'
import { body, page, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import BatchPage from './index'

const batch = (over: Partial<Batch> = {}): Batch => ({
  id: 5,
  createTime: '2026-05-01T08:00:00Z',
  updateTime: '2026-05-01T08:00:00Z',
  schoolId: 3,
  type: 3,
  title: '2026年第一期发展对象培训班',
  startOn: '2026-05-10',
  endOn: '2026-05-12',
  hours: 24,
  days: 3,
  courseIds: [],
  examId: null,
  attendPct: 80,
  state: 'open',
  remark: '',
  schoolName: '计算机学院党委分党校',
  orgId: 7,
  typeName: '发展对象培训班',
  stateName: '进行中',
  enrolled: 2,
  completed: 0,
  ...over,
})

const trainee = (over: Partial<Trainee> = {}): Trainee => ({
  id: 11,
  createTime: '2026-05-01T08:00:00Z',
  updateTime: '2026-05-01T08:00:00Z',
  batchId: 5,
  recordId: 21,
  personNo: 'S0001',
  name: '李明',
  orgId: 8,
  userId: null,
  state: 'enrolled',
  daysAttended: 3,
  hoursAttended: 24,
  certificateNo: '',
  completedOn: null,
  reason: '',
  orgName: '计算机教工党支部',
  stateName: '在读',
  ...over,
})

const row = (t: Trainee, over: Partial<CompletionRow> = {}): CompletionRow => ({
  ...t,
  onlineHours: 0,
  totalHours: t.hoursAttended,
  attendPct: 100,
  attendanceMet: true,
  hoursMet: true,
  exam: null,
  examMet: true,
  eligible: true,
  reasons: [],
  ...over,
})

const wang = trainee({ id: 12, recordId: 22, personNo: 'S0002', name: '王芳', daysAttended: 1, hoursAttended: 8 })

let mock: MockAdapter
beforeEach(() => {
  ;({ mock } = mockListApi('/api/dx/batches', [batch()], { pages: { '/api/dx/schools': [] } }))
  mock.onGet('/api/dx/batches/5/trainees').reply(200, page([trainee(), wang]))
  mock.onGet('/api/dx/batches/5/completion').reply(
    200,
    page([row(trainee()), row(wang, { eligible: false, attendanceMet: false, hoursMet: false, reasons: ['出勤 1/3 天（33%），未达到 80%', '学时 8（线下 8 + 线上 0），未达到 24 学时'] })]),
  )
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <BatchPage />
    </MemoryRouter>,
  )

const openDetail = async () => {
  const tr = (await screen.findByText('2026年第一期发展对象培训班')).closest('tr') as HTMLElement
  expect(within(tr).getByText('进行中')).toBeTruthy()
  fireEvent.click(within(tr).getByRole('button', { name: /详\s*情/ }))
  return (await screen.findByText('2026年第一期发展对象培训班（编号 5）')).closest('.ant-drawer') as HTMLElement
}

describe('dx/pxb', { timeout: 30_000 }, () => {
  it('lists the batches and shows a batch’s trainees; a reader sees no enrolment', async () => {
    signIn(['pxb:list'])
    renderPage()
    const drawer = await openDetail()
    expect(await within(drawer).findByText('王芳')).toBeTruthy()
    expect(within(drawer).getAllByText('计算机教工党支部')).toHaveLength(2)
    expect(within(drawer).queryByRole('button', { name: /从发展党员报名/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
  })

  it('shows what each trainee met and completes all who meet the requirements after confirmation', async () => {
    signIn(['pxb:list', 'pxb:complete'])
    let completed: unknown
    mock.onPost('/api/dx/batches/5/complete').reply((c) => {
      completed = body(c)
      return [200, { completed: [{ traineeId: 11, name: '李明', certificateNo: '计算机学院党委分党校结业〔2026〕001' }], refused: [] }]
    })
    renderPage()
    const drawer = await openDetail()
    fireEvent.click(within(drawer).getByRole('tab', { name: '结业' }))
    expect(await within(drawer).findByText('出勤 1/3 天（33%），未达到 80%；学时 8（线下 8 + 线上 0），未达到 24 学时')).toBeTruthy()
    expect(within(drawer).getByText('符合结业条件')).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('button', { name: /符合条件的全部结业/ }))
    const dialog = (await screen.findByText(/确定为所有符合结业条件的学员办理结业吗/)).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(completed).toEqual({ all: true }))
  })

  it('enrols development records of the stage', async () => {
    signIn(['pxb:list', 'pxb:enrol'])
    mock.onGet('/api/dx/batches/5/candidates').reply(200, page([{ id: 31, personNo: 'S0003', name: '赵强', orgId: 8, orgName: '计算机教工党支部', stage: 'target', targetOn: '2026-04-01', memberId: null }]))
    let enrolled: unknown
    mock.onPost('/api/dx/batches/5/trainees').reply((c) => {
      enrolled = body(c)
      return [200, { enrolled: 1 }]
    })
    renderPage()
    const drawer = await openDetail()
    fireEvent.click(await within(drawer).findByRole('button', { name: /从发展党员报名/ }))
    const modal = (await screen.findByText('赵强')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(modal).getAllByRole('checkbox').at(-1)!)
    fireEvent.click(within(modal).getByRole('button', { name: /报\s*名/ }))
    await waitFor(() => expect(enrolled).toEqual({ recordIds: [31] }))
  })

  it('shows a batch’s 变动轨迹: who changed which field from what to what', async () => {
    signIn(['pxb:list', 'pxb:edit'])
    mock.onGet('/api/dx/batches/5/trail').reply(
      200,
      page([
        { id: 41, recordId: 5, type: 2, origin: 2, operatorName: '张老师', createTime: '2026-05-11T02:00:00Z', changes: [{ field: 'state', label: '状态', old: '筹备中', new: '进行中' }] },
        { id: 40, recordId: 5, type: 1, origin: 1, operatorName: '张老师', createTime: '2026-05-01T08:00:00Z', changes: [] },
      ]),
    )
    renderPage()
    const tr = (await screen.findByText('2026年第一期发展对象培训班')).closest('tr') as HTMLElement
    fireEvent.click(within(tr).getByRole('button', { name: /变动轨迹/ }))
    const drawer = (await screen.findByText('变动轨迹：2026年第一期发展对象培训班')).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findAllByText(/筹备中/)).not.toHaveLength(0)
    expect(within(drawer).getAllByText(/进行中/)).not.toHaveLength(0)
    expect(within(drawer).getAllByText(/张老师/)).not.toHaveLength(0)
  })
})

describe('dx/pxb accounts', { timeout: 30_000 }, () => {
  it('opens accounts for the chosen trainees without one after confirmation and shows the initial passwords once', async () => {
    signIn(['pxb:list', 'pxb:enrol'])
    mock.onGet('/api/dx/batches/5/trainees').reply(200, page([trainee(), wang, trainee({ id: 13, recordId: 23, personNo: 'S0003', name: '赵强', userId: 99 })]))
    let asked: unknown
    mock.onPost('/api/dx/batches/5/accounts').reply((c) => {
      asked = body(c)
      return [
        200,
        {
          accounts: [
            { traineeId: 11, name: '李明', personNo: 'S0001', username: 'S0001', initialPassword: 'Ab3$kq9Zt2', how: 'created' },
            { traineeId: 12, name: '王芳', personNo: 'S0002', username: 'S0002', how: 'linked' },
          ],
          skipped: [],
        },
      ]
    })
    renderPage()
    const drawer = await openDetail()
    expect(await within(drawer).findByText('赵强')).toBeTruthy()
    expect(within(drawer).getAllByText('未开通')).toHaveLength(2)
    const action = within(drawer).getByRole('button', { name: /开通学员账号/ })
    expect(action.hasAttribute('disabled')).toBe(true)
    // 赵强 has an account already: choosing only him leaves nothing to open.
    const boxes = within(drawer).getAllByRole('checkbox')
    fireEvent.click(boxes.at(-1)!)
    expect(action.hasAttribute('disabled')).toBe(true)
    fireEvent.click(boxes.at(1)!)
    fireEvent.click(boxes.at(2)!)
    expect(action.hasAttribute('disabled')).toBe(false)
    fireEvent.click(action)
    const confirm = (await screen.findByText(/将为所选 2 名尚无账号的学员开通账号/)).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(confirm).getByRole('button', { name: /开\s*通/ }))
    await waitFor(() => expect(asked).toEqual({ traineeIds: [11, 12] }))
    const dialog = (await screen.findByText('2026年第一期发展对象培训班学员账号初始密码')).closest('.ant-modal') as HTMLElement
    expect(within(dialog).getByText('Ab3$kq9Zt2')).toBeTruthy()
    expect(within(dialog).queryByText('S0002')).toBeNull()
    expect(within(dialog).getByRole('button', { name: /复制/ })).toBeTruthy()
  })
})
