import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bodiesOf, mockApi } from '@/test/api'
import { renderWithApp } from '@/test/render'
import ShareDialog from './ShareDialog'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/archives/shares/roles').reply(200, [])
})
afterEach(() => mock.restore())

const FILE = { id: 5, name: '学位证书.png', size: 10, createTime: '2026-11-01T08:00:00Z' }

describe('共享档案文件 by 党组织', () => {
  it('offers the owner’s own organisations and sends the chosen one', async () => {
    mock.onGet('/api/archives/shares/orgs').reply(200, [
      { id: 9, name: '计算机教工党支部' },
      { id: 3, name: '计算机学院党委' },
    ])
    const sent = bodiesOf(mock.onPost('/api/archives/shares'), 201)
    renderWithApp(<ShareDialog files={[FILE] as never} fileId={5} onClose={() => undefined} onDone={() => undefined} />)
    fireEvent.click(await screen.findByRole('radio', { name: '党组织' }))
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '共享对象' }))
    fireEvent.click(await screen.findByText('计算机学院党委', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(sent).toEqual([{ fileId: 5, shareType: 'DZZ', targetIds: [3], note: '' }]))
  })

  it('says why an account without an organisation cannot share by one', async () => {
    mock.onGet('/api/archives/shares/orgs').reply(200, [])
    renderWithApp(<ShareDialog files={[FILE] as never} fileId={5} onClose={() => undefined} onDone={() => undefined} />)
    fireEvent.click(await screen.findByRole('radio', { name: '党组织' }))
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '共享对象' }))
    expect(await screen.findByText('您的账号未关联党组织，不能按党组织共享')).toBeTruthy()
  })
})
