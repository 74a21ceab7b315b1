import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useConfigStore } from '@/stores/config'
import { ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { body, mockApi, page, signIn } from '@/test/api'
import SchoolPage from './index'

const school = (id: number, code: string, name: string, over = {}) => ({ id, code, name, logoFileId: null, footer: '', titlePrefix: '', updateTime: '2026-01-01T00:00:00Z', ...over })

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/school').reply(200, page([school(1, 'default', '智慧党建', { logoFileId: 5 }), school(2, 'hist', '某某大学')]))
  mock.onGet('/api/file/view').reply(200, new Blob(['png'], { type: 'image/png' }))
  mock.onGet('/api/sysConfig/public').reply(200, [])
  mock.onGet('/api/school/current').reply(200, { code: 'default', name: '智慧党建', logoUrl: '', footer: '', titlePrefix: '' })
  useConfigStore.setState({ school: { code: 'default', name: '智慧党建', logoUrl: '', footer: '', titlePrefix: '' } })
})
afterEach(() => mock.restore())

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/school', { timeout: 20_000 }, () => {
  it('lists schools, marks the current one and loads its logo with the token', async () => {
    signIn(['admin'])
    renderWithApp(<SchoolPage />)
    expect(await screen.findByText('某某大学')).toBeTruthy()
    expect(within(row('default')).getByText('当前')).toBeTruthy()
    expect(await within(row('default')).findByAltText('智慧党建')).toBeTruthy()
    expect(mock.history.get.some((c) => c.url === '/api/file/view' && c.params.id === 5)).toBe(true)
    // the current school cannot be deleted
    expect((within(row('default')).getByRole('button', { name: /删\s*除/ }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('uploads a logo, then saves the school with the new file id', async () => {
    signIn(['admin'])
    let posted: unknown
    mock.onPost('/api/file/upload').reply(201, { id: 42, name: 'logo.png', size: 3, contentType: 'image/png', moduleName: 'school', tag: 'logo', createTime: '' })
    mock.onPost('/api/school').reply((c) => {
      posted = body(c)
      return [201, {}]
    })
    renderWithApp(<SchoolPage />)
    await screen.findByText('某某大学')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }))
    const dialog = await screen.findByRole('dialog')
    ok()
    expect(await within(dialog).findByText('请输入学校代码')).toBeTruthy()
    expect(within(dialog).getByText('请输入学校名称')).toBeTruthy()

    fireEvent.change(within(dialog).getByPlaceholderText('如 default'), { target: { value: 'New School' } })
    ok()
    expect(await within(dialog).findByText('学校代码须为1-50位小写字母、数字、下划线或连字符')).toBeTruthy()

    fireEvent.change(within(dialog).getByPlaceholderText('如 default'), { target: { value: 'pku' } })
    fireEvent.change(within(dialog).getByPlaceholderText('请输入学校名称'), { target: { value: '某某第二大学' } })
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } })
    expect(await within(dialog).findByText('更换图片')).toBeTruthy()
    ok()
    await waitFor(() => expect(posted).toEqual({ code: 'pku', name: '某某第二大学', titlePrefix: '', footer: '', logoFileId: 42 }))
  })

  it('asks before deleting; hidden without school:edit', async () => {
    signIn(['admin'])
    let deleted: unknown
    mock.onDelete('/api/school').reply((c) => {
      deleted = body(c)
      return [204]
    })
    const { unmount } = renderWithApp(<SchoolPage />)
    await screen.findByText('某某大学')
    fireEvent.click(within(row('某某大学')).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除学校“某某大学”吗？')).toBeTruthy()
    ok()
    await waitFor(() => expect(deleted).toEqual([2]))
    unmount()

    signIn(['school:list'])
    renderWithApp(<SchoolPage />)
    await screen.findByText('某某大学')
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
  })
})
