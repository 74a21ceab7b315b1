import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '@/api/develop'
import { body, captureDownloads, page, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import { findDialog, ok } from '@/test/page'
import { devRecord } from '../test/fixtures'
import DevNoticePage from './index'

const ORGS = [{ id: 7, pid: null, name: '计算机学院本科生第一党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '' }]

const notice = (over: Partial<Notice> = {}): Notice => ({
  id: 5,
  createTime: '2026-03-01T00:00:00Z',
  updateTime: '2026-03-01T00:00:00Z',
  kind: 'target',
  kindName: '发展对象公示',
  orgId: 7,
  orgName: '计算机学院本科生第一党支部',
  title: '关于拟确定发展对象的公示',
  startOn: '2026-03-02',
  endOn: '2026-03-06',
  contact: '组织部 0571-1234',
  content: '如有意见请反映',
  recordCount: 2,
  ...over,
})

let mock: MockAdapter
let queries: Record<string, unknown>[]
beforeEach(() => {
  ;({ mock, queries } = mockListApi('/api/fzdy/notices', [notice()], { pages: { '/api/common/dzz': ORGS } }))
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <DevNoticePage />
    </MemoryRouter>,
  )

describe('develop/notice', { timeout: 30_000 }, () => {
  it('lists notices, filters by kind, and opens a notice with its records, print view and Word download', async () => {
    signIn(['fzdy:list'])
    mock.onGet('/api/fzdy/notices/5').reply(200, {
      ...notice(),
      workdays: 5,
      records: [devRecord({ id: 1, name: '李明', stage: 'activist', stageName: '入党积极分子' }), devRecord({ id: 2, name: '王芳', stageName: '入党积极分子' })],
    })
    mock.onGet('/api/fzdy/notices/5/docx').reply(200, new Blob(['docx']), { 'content-disposition': "attachment; filename*=UTF-8''%E5%85%AC%E7%A4%BA.docx" })
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null)
    renderPage()
    const row = (await screen.findByText('关于拟确定发展对象的公示')).closest('tr') as HTMLElement
    expect(within(row).getByText('发展对象公示')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /发布公示/ })).toBeNull()

    fireEvent.mouseDown(screen.getAllByRole('combobox')[0])
    fireEvent.click(await screen.findByText('拟接收预备党员公示', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], kind: 'admit' }))

    fireEvent.click(within(row).getByRole('button', { name: '详情' }))
    const drawer = (await screen.findByText('公示人员（2 人）')).closest('.ant-drawer') as HTMLElement
    expect(within(drawer).getByText('李明')).toBeTruthy()
    expect(within(drawer).getByText(/（5 个工作日）/)).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('button', { name: /打\s*印/ }))
    expect(opened).toHaveBeenCalledWith(expect.stringMatching(/\/print\/devNotice\?id=5$/), '_blank', 'noopener')
    opened.mockRestore()
    const downloads = captureDownloads()
    try {
      fireEvent.click(within(drawer).getByRole('button', { name: /下载 Word/ }))
      await waitFor(() => expect(downloads.saved).toEqual(['公示.docx']))
    } finally {
      downloads.restore()
    }
  })

  it('publishes a notice for records of the kind’s stage, picked from the list', async () => {
    signIn(['fzdy:list', 'fzdy:notice'])
    const candidates: Record<string, unknown>[] = []
    mock.onGet('/api/fzdy').reply((c) => {
      candidates.push(c.params as Record<string, unknown>)
      return [200, page([devRecord({ id: 1, name: '李明', stage: 'activist' }), devRecord({ id: 2, name: '王芳', stage: 'activist' })])]
    })
    const sent: unknown[] = []
    mock.onPost('/api/fzdy/notices').reply((c) => {
      sent.push(body(c))
      return [400, { status: 400, field: 'recordIds', message: '王芳处于「入党申请人」阶段，不能列入发展对象公示' }]
    })
    renderPage()
    await screen.findByText('关于拟确定发展对象的公示')
    fireEvent.click(screen.getByRole('button', { name: /发布公示/ }))
    const dialog = await findDialog('发布公示')
    expect(within(dialog).getByText('请先选择公示类别和党组织')).toBeTruthy()
    const [kind, org] = within(dialog).getAllByRole('combobox')
    fireEvent.mouseDown(kind)
    fireEvent.click(await screen.findByText('发展对象公示', { selector: '.ant-select-item-option-content' }))
    // The title follows the kind until typed.
    expect((dialog.querySelector('input#title') as HTMLInputElement).value).toBe('发展对象公示')
    fireEvent.mouseDown(org)
    fireEvent.click((await screen.findAllByText('计算机学院本科生第一党支部')).find((e) => e.closest('.ant-select-tree-treenode'))!)
    await waitFor(() => expect(candidates.at(-1)).toMatchObject({ stage: 'activist', orgId: 7 }))
    const pick = (name: string) => fireEvent.click(within(within(dialog).getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'))
    pick('李明')
    pick('王芳')
    for (const [id, value] of [
      ['startOn', '2026-03-02'],
      ['endOn', '2026-03-06'],
    ]) {
      const input = dialog.querySelector<HTMLInputElement>(`input#${id}`)!
      fireEvent.mouseDown(input)
      fireEvent.focus(input)
      fireEvent.change(input, { target: { value } })
      fireEvent.keyDown(input, { key: 'Enter' })
    }
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ kind: 'target', orgId: 7, title: '发展对象公示', startOn: '2026-03-02', endOn: '2026-03-06', contact: '', content: '', recordIds: [1, 2] })
    expect(await within(dialog).findByText(/不能列入发展对象公示/, { selector: '.ant-form-item-explain-error' })).toBeTruthy()
  })
})
