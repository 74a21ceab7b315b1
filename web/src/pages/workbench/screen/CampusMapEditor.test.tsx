import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERM } from '@/api/permissions'
import type { CampusMapForm } from '@/api/generated/bigscreen'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import CampusMapEditor, { CAMPUS_MAP_API } from './CampusMapEditor'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn([PERM.dpView, PERM.dpMapEdit])
  mock.onGet('/api/common/dzz').reply(200, { content: [{ id: 7, pid: null, name: '计算机学院党委', code: 'D07', type: '2', status: '1' }], totalElements: 1 })
})
afterEach(() => mock.restore())

const saved: CampusMapForm = {
  campuses: [{ name: '主校区', x: 5, y: 5, w: 50, h: 60, buildings: [{ name: '计算机楼', x: 20, y: 20, orgIds: [7] }] }],
  orgNames: { 7: '计算机学院党委' },
}

describe('编辑校区示意图', { timeout: 20_000 }, () => {
  it('shows the saved map in the form and the preview, and sends it back as edited', async () => {
    mock.onGet(CAMPUS_MAP_API).reply(200, saved)
    let sent: unknown
    mock.onPut(CAMPUS_MAP_API).reply((c) => {
      sent = JSON.parse(c.data as string)
      return [200, null]
    })
    const onClose = vi.fn()
    renderWithApp(<CampusMapEditor onClose={onClose} />)
    expect(await screen.findByDisplayValue('主校区')).toBeTruthy()
    expect(screen.getByDisplayValue('计算机楼')).toBeTruthy()
    const preview = await screen.findByRole('img', { name: '示意图预览' })
    expect(within(preview as unknown as HTMLElement).getByText('计算机楼')).toBeTruthy()
    fireEvent.change(screen.getByDisplayValue('计算机楼'), { target: { value: '计算机大楼' } })
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent).toEqual({ campuses: [{ ...saved.campuses[0], buildings: [{ name: '计算机大楼', x: 20, y: 20, orgIds: [7] }] }] })
  })

  it('starts empty, says why, and keeps the form open with the server’s message on a refused map', async () => {
    mock.onGet(CAMPUS_MAP_API).reply(200, { campuses: [], orgNames: {} })
    mock.onPut(CAMPUS_MAP_API).reply(400, { message: '楼宇“行政楼”不在校区“主校区”的范围内', field: 'campusMap' })
    const onClose = vi.fn()
    renderWithApp(<CampusMapEditor onClose={onClose} />)
    expect(await screen.findByText('尚无校区：点击“添加校区”开始绘制')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /添加校区/ }))
    fireEvent.change(await screen.findByLabelText('校区名称'), { target: { value: '主校区' } })
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    expect(await screen.findByText('楼宇“行政楼”不在校区“主校区”的范围内')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('asks for a campus name before sending', async () => {
    mock.onGet(CAMPUS_MAP_API).reply(200, { campuses: [], orgNames: {} })
    const put = vi.fn(() => [200, null] as [number, null])
    mock.onPut(CAMPUS_MAP_API).reply(put)
    renderWithApp(<CampusMapEditor onClose={() => {}} />)
    fireEvent.click(await screen.findByRole('button', { name: /添加校区/ }))
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    expect(await screen.findByText('请输入校区名称')).toBeTruthy()
    expect(put).not.toHaveBeenCalled()
  })
})
