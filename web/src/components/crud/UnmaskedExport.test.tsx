import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERM } from '@/api/permissions'
import { exportsOf, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { defineResource } from './resource'
import ResourcePage from './ResourcePage'

interface Person {
  id: number
  name: string
}

const people = defineResource<Person>({
  key: 'people-export',
  noun: '学生',
  api: { fetch: () => Promise.resolve(page([{ id: 1, name: '甲同学' }])) },
  permissions: { unmask: PERM.ryUnmask },
  export: { url: '/api/xsjbxx/export', fileName: '学生信息.xlsx' },
  fields: [{ name: 'name', label: '姓名', search: true }],
})

let mock: MockAdapter
let exports: Record<string, unknown>[]
let restore: () => void
beforeEach(() => {
  mock = mockApi()
  exports = exportsOf(mock.onGet('/api/xsjbxx/export'))
  const orig = URL.createObjectURL
  URL.createObjectURL = () => 'blob:x'
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
  restore = () => {
    URL.createObjectURL = orig
    click.mockRestore()
  }
})
afterEach(() => {
  mock.restore()
  restore()
})

const exportButton = () => screen.getByRole('button', { name: /导\s*出/ })
const reasonDialog = () => screen.getByText('导出完整身份证号和手机号', { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement

describe('export in clear', { timeout: 20_000 }, () => {
  it('asks holders of the unmask permission for a reason of at least 5 characters, and sends it', async () => {
    signIn([PERM.ryUnmask])
    renderWithApp(<ResourcePage resource={people} />)
    await screen.findByText('甲同学')

    fireEvent.click(exportButton())
    await waitFor(() => expect(exports).toEqual([{}]))

    fireEvent.click(screen.getByRole('checkbox', { name: '导出完整身份证号和手机号' }))
    fireEvent.click(exportButton())
    const dialog = reasonDialog()
    expect(within(dialog).getByText(/本次导出及事由将记入操作日志/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '确认导出' }))
    expect(await within(dialog).findByText('请填写导出事由')).toBeTruthy()
    const reason = within(dialog).getByPlaceholderText(/例如/)
    fireEvent.change(reason, { target: { value: ' 核对 ' } })
    expect(await within(dialog).findByText('导出事由至少5个字')).toBeTruthy()
    fireEvent.change(reason, { target: { value: ' 年度统计核对 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认导出' }))
    await waitFor(() => expect(exports).toHaveLength(2))
    expect(exports[1]).toEqual({ unmask: true, reason: '年度统计核对' })
  })

  it('exports nothing when the reason is cancelled', async () => {
    signIn([PERM.ryUnmask])
    renderWithApp(<ResourcePage resource={people} />)
    await screen.findByText('甲同学')
    fireEvent.click(screen.getByRole('checkbox', { name: '导出完整身份证号和手机号' }))
    fireEvent.click(exportButton())
    fireEvent.click(within(reasonDialog()).getByRole('button', { name: /取\s*消/ }))
    await waitFor(() => expect(screen.queryByText('导出完整身份证号和手机号', { selector: '.ant-modal-title' })).toBeNull())
    expect(exports).toEqual([])
  })

  it('offers no export in clear without the permission', async () => {
    signIn([PERM.ryList])
    renderWithApp(<ResourcePage resource={people} />)
    await screen.findByText('甲同学')
    expect(screen.queryByRole('checkbox', { name: '导出完整身份证号和手机号' })).toBeNull()
  })
})
