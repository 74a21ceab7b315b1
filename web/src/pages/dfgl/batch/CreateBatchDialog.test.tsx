import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Batch, BatchPreview } from './api'
import FeeBatchPage from './index'

const created: Batch = {
  id: 2, month: '2026-09', state: 'created', stateLabel: '创建', members: 0, dueFen: 0, remark: '', reason: '系统上线前', createdBy: 'admin',
  scope: { members: 0, months: 0, unpaidMonths: 0, dueFen: 0, paidFen: 0, extraFen: 0, outstandingFen: 0, rateBp: 10000, peopleRateBp: 10000 },
  startedAt: null, settledAt: null, createdAt: '2026-10-01T00:00:00Z', updatedAt: '2026-10-01T00:00:00Z',
}

/** The server's preview: the default (no month) is the next month without a batch, 2026-10, before the current 2026-11. */
const preview = (month: string): BatchPreview => ({
  month, current: '2026-11', past: month < '2026-11', exists: false, members: month === '2026-10' ? 3 : 4, dueFen: month === '2026-10' ? 60 : 80,
})

let mock: MockAdapter
let asked: string[]
/** The month the server proposes ('': every month up to the current one has its batch). */
let proposed: string
beforeEach(() => {
  mock = mockApi()
  asked = []
  proposed = '2026-10'
  signIn(['df:list', 'df:batch'])
  mock.onGet('/api/dfgl/batch').reply(200, page([created]))
  mock.onGet('/api/dfgl/batch/preview').reply((c) => {
    const month = (c.params as { month?: string }).month ?? ''
    asked.push(month)
    if (!month && !proposed) return [200, { month: '', current: '2026-11', past: false, exists: false, members: 0, dueFen: 0 }]
    return [200, preview(month || proposed)]
  })
})
afterEach(() => mock.restore())

const dialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: '新建批次' }))
  return (await screen.findByText('新建党费批次')).closest('.ant-modal') as HTMLElement
}

describe('新建党费批次', { timeout: 30_000 }, () => {
  it('starts at the next month without a batch, shows what the start will freeze and asks why for a past month', async () => {
    const sent: unknown[] = []
    mock.onPost('/api/dfgl/batch').reply((c) => {
      sent.push(body(c))
      return [201, { ...created, id: 3, month: '2026-10' }]
    })
    renderWithApp(<FeeBatchPage />)
    const d = await dialog()
    await waitFor(() => expect((d.querySelector('input#month') as HTMLInputElement).value).toBe('2026-10'))
    expect(await within(d).findByText('启动缴费时将冻结 3 名党员的应缴党费，合计 0.60 元')).toBeTruthy()
    expect(within(d).getByText(/2026-10早于本月（2026-11），属于补建，须填写原因/)).toBeTruthy()
    expect(asked).toEqual(['', '2026-10'])
    // The reason is required for a past month: the field says so and nothing is sent.
    fireEvent.click(within(d).getByRole('button', { name: /确\s*定/ }))
    expect(await within(d).findByText('请填写补建以前月份批次的原因')).toBeTruthy()
    expect(sent).toEqual([])
    fireEvent.change(within(d).getByPlaceholderText('如：系统上线前的月份补录'), { target: { value: ' 系统上线前的月份 ' } })
    fireEvent.click(within(d).getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(sent).toEqual([{ month: '2026-10', remark: '', reason: '系统上线前的月份' }]))
  })

  it('every month up to now has its batch: no month is proposed', async () => {
    proposed = ''
    renderWithApp(<FeeBatchPage />)
    const d = await dialog()
    expect(await within(d).findByText('本月及以前的批次均已创建')).toBeTruthy()
    expect((d.querySelector('input#month') as HTMLInputElement).value).toBe('')
    expect(within(d).queryByText(/启动缴费时将冻结/)).toBeNull()
  })

  it('a batch still in 创建 is deleted after a confirmation naming its month', async () => {
    const deleted: string[] = []
    mock.onDelete(/\/api\/dfgl\/batch\/\d+$/).reply((c) => {
      deleted.push(c.url!)
      return [204]
    })
    renderWithApp(<FeeBatchPage />)
    const row = (await screen.findByText('2026-09')).closest('tr') as HTMLElement
    expect(within(row).getByText('系统上线前')).toBeTruthy()
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除 2026-09 的党费批次吗？该批次尚未启动缴费，删除后可重新创建。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(deleted).toEqual(['/api/dfgl/batch/2']))
  })
})
