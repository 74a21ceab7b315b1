import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, page, signIn } from '@/test/api'
import { dictOptions, mockListApi, type ListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import { findDialog, ok } from '@/test/page'
import { trailFetcher } from '@/components/trail/TrailListPage'
import UnitTrailPage from '../trail'
import UnitPage from './index'
import type { Unit } from './types'

const unit = (over: Partial<Unit> = {}): Unit => ({
  id: 1,
  pid: null,
  parentName: '',
  name: '某某大学',
  sort: 1,
  code: 'U1',
  shortName: '',
  type: '2',
  typeLabel: '机关',
  leaderName: '王校长',
  contactPhone: '',
  dzzId: null,
  dzzName: '',
  foundedOn: null,
  status: '1',
  statusLabel: '正常',
  revokedOn: null,
  remark: '',
  enabled: true,
  hasInfo: true,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
  ...over,
})

const units = [unit(), unit({ id: 2, pid: 1, parentName: '某某大学', name: '计算机学院', code: 'U2', type: '1', typeLabel: '院系', leaderName: '李院长' })]

let api: ListApi
beforeEach(() => {
  api = mockListApi('/api/dwxx', units, {
    dicts: { DW_LX: dictOptions('院系', '机关'), DW_ZT: dictOptions('正常', '撤销'), DW_LDBZ_LX: dictOptions('党政', '党委'), DW_LDBZ_ZW: dictOptions('党委书记', '党委副书记') },
    pages: { '/api/common/dzz': [] },
  })
})
afterEach(() => api.mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <UnitPage />
    </MemoryRouter>,
  )

describe('unit/dwxx', { timeout: 30_000 }, () => {
  it('browses the units as a tree and searches as a paged list', async () => {
    signIn(['dw:list'])
    renderPage()
    expect(await screen.findByText('某某大学')).toBeTruthy()
    expect(api.queries[0]).toMatchObject({ page: 0, size: 10000 })
    expect(document.querySelector('.ant-pagination')).toBeNull()
    expect(screen.getByText('共 2 条')).toBeTruthy()
    // Only holders of dw:add see 新增.
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()

    fireEvent.change(screen.getByPlaceholderText('单位名称、简称或编码'), { target: { value: '计算机' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(api.queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], blurry: '计算机' }))
    expect(await screen.findByText('李院长')).toBeTruthy()
    expect(document.querySelector('.ant-pagination')).toBeTruthy()
  })

  it('checks the unit form in Chinese before sending it', async () => {
    signIn(['dw:list', 'dw:add'])
    let posted: unknown
    api.mock.onPost('/api/dwxx').reply((c) => {
      posted = body(c)
      return [201, unit({ id: 3 })]
    })
    renderPage()
    await screen.findByText('某某大学')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增$/ }))
    const drawer = (await screen.findByText('新增单位')).closest('.ant-drawer') as HTMLElement
    fireEvent.change(within(drawer).getByPlaceholderText('手机或座机号码'), { target: { value: 'abc' } })
    ok(drawer)
    expect(await within(drawer).findByText('请输入单位名称')).toBeTruthy()
    expect(within(drawer).getByText('请输入单位编码')).toBeTruthy()
    expect(within(drawer).getByText('请选择单位类型', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(within(drawer).getByText('联系电话格式不正确')).toBeTruthy()
    expect(posted).toBeUndefined()
  })

  it('revokes a unit only after confirming the date', async () => {
    signIn(['dw:list', 'dw:del'])
    let revoked: unknown
    api.mock.onPost('/api/dwxx/2/revoke').reply((c) => {
      revoked = body(c)
      return [200, unit({ id: 2, status: '2' })]
    })
    renderPage()
    await screen.findByText('某某大学')
    // Expand the root to reach the college.
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon') as HTMLElement)
    const row = (await screen.findByText('计算机学院')).closest('tr') as HTMLElement
    fireEvent.mouseEnter(within(row).getByRole('button', { name: /更\s*多/ }))
    fireEvent.click(await screen.findByText('撤销', { selector: '.ant-dropdown-menu-title-content' }))
    expect(await screen.findByText(/确定撤销“计算机学院”吗/)).toBeTruthy()
    expect(revoked).toBeUndefined()
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(revoked).toEqual({ revokedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }))
  })

  it('adds a leadership team in the detail drawer', async () => {
    signIn(['dw:list', 'dw:edit'])
    api.mock.onGet('/api/dwxx/1').reply(200, unit())
    const teams = [{ id: 5, unitId: 1, name: '校党政领导班子', kind: '1', kindLabel: '党政', sort: 1 }]
    api.mock.onGet('/api/dwxx/1/ldbz').reply(() => [200, page(teams)])
    let created: unknown
    api.mock.onPost('/api/dwxx/1/ldbz').reply((c) => {
      created = body(c)
      teams.push({ id: 6, unitId: 1, name: '校党委', kind: '2', kindLabel: '党委', sort: 999 })
      return [201, teams[1]]
    })
    renderPage()
    fireEvent.click(await screen.findByText('某某大学'))
    expect(await screen.findByText('单位详情：某某大学')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: '领导班子' }))
    expect(await screen.findByText('校党政领导班子')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /新增领导班子/ }))
    const dialog = await findDialog('新增领导班子')
    ok(dialog)
    expect(await within(dialog).findByText('请输入领导班子名称')).toBeTruthy()
    expect(within(dialog).getByText('请选择领导班子类别', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    fireEvent.change(within(dialog).getByPlaceholderText('如：计算机学院党政领导班子'), { target: { value: '校党委' } })
    fireEvent.mouseDown(within(dialog).getByRole('combobox'))
    fireEvent.click(await screen.findByText('党委', { selector: '.ant-select-item-option-content' }))
    ok(dialog)
    await waitFor(() => expect(created).toEqual({ name: '校党委', kind: '2', sort: 999 }))
    expect(await screen.findByText('校党委')).toBeTruthy()
  })

  it('lists the members of a team and adds one: a teacher, a post and a start date', async () => {
    signIn(['dw:list', 'dw:edit'])
    api.mock.onGet('/api/dwxx/1').reply(200, unit())
    api.mock.onGet('/api/dwxx/1/ldbz').reply(200, page([{ id: 5, unitId: 1, name: '校党政领导班子', kind: '1', kindLabel: '党政', sort: 1 }]))
    const listed: unknown[] = []
    const members = [{ id: 9, teamId: 5, teamName: '校党政领导班子', unitId: 1, teacherId: 3, teacherName: '张三', staffNo: 'T001', post: '1', postLabel: '党委书记', since: '2023-09-01', until: '', sort: 0 }]
    api.mock.onGet('/api/ldbzcy').reply((c) => {
      listed.push(c.params)
      return [200, page(members)]
    })
    api.mock.onGet('/api/common/jsjbxx').reply(200, page([{ kind: 'js', kindLabel: '教师', id: 4, name: '李四', number: 'T002', gender: '1', unitId: 1, unitName: '某某大学' }]))
    let created: unknown
    api.mock.onPost('/api/ldbzcy').reply((c) => {
      created = body(c)
      return [201, { ...members[0], id: 10 }]
    })
    renderPage()
    fireEvent.click(await screen.findByText('某某大学'))
    fireEvent.click(await screen.findByRole('tab', { name: '领导班子' }))
    const row = (await screen.findByText('校党政领导班子')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: '班子成员' }))
    const drawer = (await screen.findByText('校党政领导班子：班子成员')).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findByText('张三（T001）')).toBeTruthy()
    expect(within(drawer).getByText('党委书记')).toBeTruthy()
    expect(within(drawer).getByText('在任')).toBeTruthy()
    expect(listed.at(-1)).toMatchObject({ teamId: 5 })

    fireEvent.click(within(drawer).getByRole('button', { name: /新\s*增/ }))
    const dialog = await findDialog('新增班子成员')
    ok(dialog)
    expect(await within(dialog).findByText('请选择成员')).toBeTruthy()
    const item = (label: string) => within(dialog).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    fireEvent.mouseDown(within(item('成员')).getByRole('combobox'))
    fireEvent.change(within(item('成员')).getByRole('combobox'), { target: { value: '李' } })
    fireEvent.click(await screen.findByText('李四（T002）', { selector: '.ant-select-item-option-content' }))
    fireEvent.mouseDown(within(item('职务')).getByRole('combobox'))
    fireEvent.click(await screen.findByText('党委副书记', { selector: '.ant-select-item-option-content' }))
    fireEvent.mouseDown(within(item('任职日期')).getByRole('textbox'))
    fireEvent.change(within(item('任职日期')).getByRole('textbox'), { target: { value: '2024-03-01' } })
    fireEvent.keyDown(within(item('任职日期')).getByRole('textbox'), { key: 'Enter' })
    ok(dialog)
    await waitFor(() => expect(created).toMatchObject({ teamId: 5, teacherId: 4, post: '2', since: '2024-03-01', until: '' }))
  })

  it('edits and deletes a leadership team', async () => {
    signIn(['dw:list', 'dw:edit'])
    api.mock.onGet('/api/dwxx/1').reply(200, unit())
    api.mock.onGet('/api/dwxx/1/ldbz').reply(200, page([{ id: 5, unitId: 1, name: '校党政领导班子', kind: '1', kindLabel: '党政', sort: 1 }]))
    let updated: unknown
    api.mock.onPut('/api/dwxx/1/ldbz').reply((c) => {
      updated = body(c)
      return [204]
    })
    let deleted: unknown
    api.mock.onDelete('/api/dwxx/1/ldbz').reply((c) => {
      deleted = body(c)
      return [204]
    })
    renderPage()
    fireEvent.click(await screen.findByText('某某大学'))
    fireEvent.click(await screen.findByRole('tab', { name: '领导班子' }))
    const row = (await screen.findByText('校党政领导班子')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }))
    const dialog = (await screen.findByText('编辑领导班子：校党政领导班子')).closest('.ant-modal') as HTMLElement
    fireEvent.change(within(dialog).getByPlaceholderText('如：计算机学院党政领导班子'), { target: { value: '校领导班子' } })
    ok(dialog)
    await waitFor(() => expect(updated).toEqual({ id: 5, name: '校领导班子', kind: '1', sort: 1 }))

    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除领导班子“校党政领导班子”吗？')).toBeTruthy()
    expect(deleted).toBeUndefined()
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!)
    await waitFor(() => expect(deleted).toEqual([5]))
  })

  it('offers no team editing without dw:edit', async () => {
    signIn(['dw:list'])
    api.mock.onGet('/api/dwxx/1').reply(200, unit())
    api.mock.onGet('/api/dwxx/1/ldbz').reply(200, page([]))
    renderPage()
    fireEvent.click(await screen.findByText('某某大学'))
    fireEvent.click(await screen.findByRole('tab', { name: '领导班子' }))
    expect(await screen.findByText('暂无领导班子')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新增领导班子/ })).toBeNull()
  })
})

describe('unit/trail', { timeout: 30_000 }, () => {
  it('sends the date range with the whole end day', async () => {
    let params: unknown
    api.mock.onGet('/api/dwxx/trail').reply((c) => {
      params = c.params
      return [200, page([])]
    })
    await trailFetcher('/api/dwxx/trail')({ page: 0, size: 10, sort: [], filters: { from: '2026-01-01', to: '2026-01-31', origin: [5], blurry: '' } })
    expect(params).toEqual({ page: 0, size: 10, sort: [], from: '2026-01-01', to: '2026-01-31 23:59:59', origin: [5] })
  })

  it('lists the changes of every unit, searches by unit name and expands the field changes', async () => {
    signIn(['dw:list'])
    const trail: Record<string, unknown>[] = []
    api.mock.onGet('/api/dwxx/trail').reply((c) => {
      trail.push(c.params)
      return [
        200,
        page([
          {
            id: 9,
            recordId: 2,
            type: 2,
            origin: 3,
            typeLabel: '修改',
            originLabel: '用户修改',
            summary: '',
            changes: [{ field: 'leaderName', label: '负责人', old: '李院长', new: '张院长' }],
            operatorName: 'admin',
            restoredFrom: null,
            createTime: '2026-02-01T00:00:00Z',
            recordName: '计算机学院',
          },
        ]),
      ]
    })
    renderWithApp(
      <MemoryRouter>
        <UnitTrailPage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('计算机学院')).toBeTruthy()
    expect(screen.getByText('负责人')).toBeTruthy()
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon') as HTMLElement)
    expect(await screen.findByText('张院长')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('请输入单位名称'), { target: { value: '计算机' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(trail.at(-1)).toEqual({ page: 0, size: 10, sort: [], blurry: '计算机' }))
  })
})
