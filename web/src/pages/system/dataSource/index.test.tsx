import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import DataSourcePage from './index'

const targets = [
  {
    key: 'jsjbxx',
    label: '教师信息',
    columns: [
      { key: 'staffNo', label: '工号', required: true },
      { key: 'name', label: '姓名', required: true },
      { key: 'unit', label: '所在单位', required: true },
      { key: 'phone', label: '手机号码', required: false },
    ],
    absentStatuses: [
      { value: '2', label: '离退休' },
      { value: '3', label: '调离' },
    ],
  },
]
const source = {
  id: 3, name: '人事系统', target: 'jsjbxx', type: 'http', query: 'data.list', scheduled: true, mapping: { staffNo: 'gh', name: 'xm', unit: 'dw' },
  absentStatus: '',
  endpointHint: 'https://hr.school.edu.cn/staff', lastRunAt: '2026-12-03T02:20:00Z', lastStatus: 'ok', lastMessage: '读取 2 条',
  createTime: '', updateTime: '',
}
const run = { id: 9, sourceId: 3, dry: false, scheduled: false, byName: 'admin', startedAt: '', finishedAt: '', status: 'ok', message: '', records: 2, newCount: 1, changedCount: 1, unchangedCount: 0, invalidCount: 0, leftCount: 0, returnedCount: 0, batchIds: '5' }

describe('数据源配置', { timeout: 30_000 }, () => {
  it('says why the list is empty', async () => {
    signIn([PERM.dataSourceList])
    const mock = mockApi()
    mock.onGet('/api/dataSources').reply(200, [])
    mock.onGet('/api/dataSources/targets').reply(200, targets)
    renderWithApp(<DataSourcePage />)
    expect(await screen.findByText(/还没有数据源/)).toBeTruthy()
    expect(screen.queryByText('新增数据源')).toBeNull()
  })

  it('adds a source: previews its fields, maps them and sends the input', async () => {
    signIn([PERM.dataSourceList, PERM.dataSourceEdit, PERM.dataSourceRun])
    const mock = mockApi()
    mock.onGet('/api/dataSources').reply(200, [])
    mock.onGet('/api/dataSources/targets').reply(200, targets)
    mock.onPost('/api/dataSources/preview').reply(200, { fields: ['dw', 'gh', 'xm'], records: [{ gh: 'T1', xm: '张老师', dw: '计算机学院' }], rows: [{}] })
    const created: unknown[] = []
    mock.onPost('/api/dataSources').reply((c) => {
      created.push(body(c))
      return [201, { ...source, id: 4 }]
    })
    renderWithApp(<DataSourcePage />)
    const add = (await screen.findByText('新增数据源')).closest('button')!
    await waitFor(() => expect(add.disabled).toBe(false)) // once the targets are in
    fireEvent.click(add)
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByPlaceholderText('如 人事系统（教职工）'), { target: { value: '人事系统' } })
    fireEvent.mouseDown(within(dialog).getByText('教师信息、学生信息或班级信息'))
    fireEvent.click(await screen.findByTitle('教师信息'))
    fireEvent.change(within(dialog).getByPlaceholderText(/hr.school.edu.cn/), { target: { value: 'https://hr.school.edu.cn/staff?token=x' } })
    fireEvent.change(within(dialog).getByPlaceholderText('data.list'), { target: { value: 'data.list' } })
    fireEvent.click(within(dialog).getByText('预览前 10 条'))
    expect(await within(dialog).findByText('来源字段：dw、gh、xm')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('工号的来源字段'), { target: { value: 'gh' } })
    fireEvent.change(within(dialog).getByLabelText('姓名的来源字段'), { target: { value: 'xm' } })
    fireEvent.change(within(dialog).getByLabelText('所在单位的来源字段'), { target: { value: 'dw' } })
    fireEvent.click(screen.getByText('保 存'))
    await waitFor(() =>
      expect(created).toEqual([
        { name: '人事系统', target: 'jsjbxx', type: 'http', endpoint: 'https://hr.school.edu.cn/staff?token=x', query: 'data.list', mapping: { staffNo: 'gh', name: 'xm', unit: 'dw' }, absentStatus: '', scheduled: false },
      ]),
    )
  })

  it('runs a source after confirming and shows what it did', async () => {
    signIn([PERM.dataSourceList, PERM.dataSourceRun])
    const mock = mockApi()
    mock.onGet('/api/dataSources').reply(200, [source])
    mock.onGet('/api/dataSources/targets').reply(200, targets)
    const runs: unknown[] = []
    mock.onPost('/api/dataSources/3/run').reply((c) => {
      runs.push(body(c))
      return [200, run]
    })
    renderWithApp(<DataSourcePage />)
    fireEvent.click(await screen.findByText('立即同步'))
    expect(await screen.findByText(/读取“人事系统”并写入教师信息/)).toBeTruthy()
    fireEvent.click(screen.getByText('确 定'))
    expect(await screen.findByText('同步完成：读取 2：新增 1，更新 1，未变 0，有误 0')).toBeTruthy()
    expect(runs).toEqual([{ dry: false }])
  })

  it('marks leavers: the source names their status, and a run may be allowed to mark many', async () => {
    signIn([PERM.dataSourceList, PERM.dataSourceEdit, PERM.dataSourceRun])
    const mock = mockApi()
    mock.onGet('/api/dataSources').reply(200, [source])
    mock.onGet('/api/dataSources/targets').reply(200, targets)
    const saved: unknown[] = []
    mock.onPut('/api/dataSources').reply((c) => {
      saved.push(body(c))
      return [204]
    })
    renderWithApp(<DataSourcePage />)
    fireEvent.click(await screen.findByText('编辑'))
    const dialog = await screen.findByRole('dialog')
    fireEvent.mouseDown(within(dialog).getByLabelText('离校标记'))
    fireEvent.click(await screen.findByTitle('调离'))
    fireEvent.click(screen.getByText('保 存'))
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ id: 3, absentStatus: '3' })]))
  })

  it('allows many leavers when the run is confirmed so, and counts them', async () => {
    signIn([PERM.dataSourceList, PERM.dataSourceRun])
    const mock = mockApi()
    mock.onGet('/api/dataSources').reply(200, [{ ...source, absentStatus: '3' }])
    mock.onGet('/api/dataSources/targets').reply(200, targets)
    const runs: unknown[] = []
    mock.onPost('/api/dataSources/3/run').reply((c) => {
      runs.push(body(c))
      return [200, { ...run, leftCount: 30, returnedCount: 1 }]
    })
    renderWithApp(<DataSourcePage />)
    fireEvent.click(await screen.findByText('立即同步'))
    expect(await screen.findByText(/来源中不再出现的人员将标记为“调离”/)).toBeTruthy()
    fireEvent.click(screen.getByText(/允许批量标记离校/))
    fireEvent.click(screen.getByText('确 定'))
    expect(await screen.findByText('同步完成：读取 2：新增 1，更新 1，未变 0，有误 0，离校 30，返校 1')).toBeTruthy()
    expect(runs).toEqual([{ dry: false, manyLeavers: true }])
  })
})
