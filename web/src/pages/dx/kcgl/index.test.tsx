import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Detail, View } from '@/api/generated/course'
import { body, mockApi, page, signIn } from '@/test/api'
import { findDialog, ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import CoursePage, { clock } from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const view = (over: Partial<View> = {}): View => ({
  id: 1, orgId: 2, title: '党的二十大精神', intro: '', coverFileId: null, state: 0, nodes: 2, publishedAt: null,
  createTime: '2026-11-30T01:00:00Z', updateTime: '2026-11-30T01:00:00Z', orgName: '计算机学院党委', hours: 1.5, stateName: '未发布',
  learners: 0, ...over,
})
const detail = (over: Partial<Detail> = {}): Detail => ({
  ...view(), doneNodes: 0, doneHours: 0,
  chapters: [{ id: 10, title: '第一章 总论', nodes: [
    { id: 11, title: '第一讲', nodeType: 1, nodeTypeName: '视频', fileName: '', duration: 600, hours: 1, watched: 0, done: false },
    { id: 12, title: '阅读材料', nodeType: 3, nodeTypeName: '图文', fileName: '', duration: 300, hours: 0.5, watched: 0, done: false, content: '<p>x</p>' },
  ] }],
  ...over,
})
const all = ['kc:list', 'kc:add', 'kc:edit', 'kc:del']
const at = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/dx/kcgl']}>
      <CoursePage />
    </MemoryRouter>,
  )

describe('课程管理', { timeout: 30_000 }, () => {
  it('offers each course the actions of its state and the caller’s permissions', async () => {
    signIn(all)
    mock.onGet('/api/dx/course').reply(200, page([view(), view({ id: 2, title: '党史学习', state: 1, stateName: '已发布', learners: 12 })]))
    at()
    const draft = (await screen.findByText('党的二十大精神')).closest('tr')!
    for (const b of ['编辑', '发布', '删除']) expect(within(draft).getByRole('button', { name: b })).toBeTruthy()
    const published = row('党史学习')
    expect(within(published).getByRole('button', { name: '取消发布' })).toBeTruthy()
    expect(within(published).getByText('12')).toBeTruthy()
  })

  it('shows a course’s 变动轨迹 to a reader too', async () => {
    signIn(['kc:list'])
    mock.onGet('/api/dx/course').reply(200, page([view()]))
    mock.onGet(`/api/dx/course/${view().id}/trail`).reply(
      200,
      page([{ id: 3, recordId: view().id, type: 2, origin: 3, operatorName: '李老师', createTime: '2026-12-01T01:00:00Z', changes: [{ field: 'state', label: '状态', old: '未发布', new: '已发布' }] }]),
    )
    at()
    const row = (await screen.findByText(view().title)).closest('tr')!
    fireEvent.click(within(row).getByRole('button', { name: '变动轨迹' }))
    const drawer = (await screen.findByText(`变动轨迹：${view().title}`)).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findAllByText(/未发布/)).not.toHaveLength(0)
    expect(within(drawer).getAllByText(/李老师/)).not.toHaveLength(0)
  })

  it('shows reading only to a caller with kc:list, and says why the list is empty', async () => {
    signIn(['kc:list'])
    mock.onGet('/api/dx/course').reply(200, page([]))
    at()
    expect(await screen.findByText(/暂无课程/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: '新建课程' })).toBeNull()
  })

  it('asks before deleting and names the rule on courses with credited study', async () => {
    signIn(all)
    mock.onGet('/api/dx/course').reply(200, page([view()]))
    const deleted: unknown[] = []
    mock.onDelete('/api/dx/course').reply((c) => {
      deleted.push(body(c))
      return [204]
    })
    at()
    fireEvent.click(within((await screen.findByText('党的二十大精神')).closest('tr')!).getByRole('button', { name: '删除' }))
    const dialog = await findDialog('删除课程')
    expect(within(dialog).getByText(/已有学员获得学时的课程不能删除/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: /删\s*除/ }))
    await waitFor(() => expect(deleted).toEqual([[1]]))
  })

  it('shows a course’s chapters and nodes, with what a node still lacks, and publishes after confirming', async () => {
    signIn(all)
    mock.onGet('/api/dx/course').reply(200, page([view()]))
    mock.onGet('/api/dx/course/1').reply(200, detail())
    const published: string[] = []
    mock.onPost('/api/dx/course/1/publish').reply((c) => {
      published.push(c.url!)
      return [200, detail({ state: 1 })]
    })
    at()
    const tr = (await screen.findByText('党的二十大精神')).closest('tr')!
    fireEvent.click(within(tr).getByRole('button', { name: '编辑' }))
    const drawer = within(await screen.findByRole('dialog'))
    expect(await drawer.findByText('第一章 总论')).toBeTruthy()
    expect(drawer.getByText('第一讲')).toBeTruthy()
    expect(drawer.getByText('未上传课件')).toBeTruthy()
    expect(drawer.getByText(/共 2 个节点，1.5 学时/)).toBeTruthy()
    fireEvent.click(within(tr).getByRole('button', { name: '发布' }))
    ok(await findDialog('发布课程'))
    await waitFor(() => expect(published).toHaveLength(1))
  })

  it('wants the organisation before creating a course', async () => {
    signIn(all)
    mock.onGet('/api/dx/course').reply(200, page([]))
    const sent: unknown[] = []
    mock.onPost('/api/dx/course').reply((c) => {
      sent.push(body(c))
      return [201, detail()]
    })
    at()
    fireEvent.click(await screen.findByRole('button', { name: '新建课程' }))
    const drawer = within(await screen.findByRole('dialog'))
    fireEvent.change(drawer.getByLabelText('课程名称'), { target: { value: '新课程' } })
    fireEvent.click(drawer.getByRole('button', { name: '创建课程' }))
    expect(await screen.findByText('请选择开课的党组织')).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('shows durations as minutes and seconds', () => {
    expect(clock(600)).toBe('10:00')
    expect(clock(65)).toBe('1:05')
  })
})
