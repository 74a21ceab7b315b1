import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Document, Occupancy } from '@/api/generated/cadreQuota'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import QuotaPage from './index'

const unitRow = (over: Partial<Occupancy> = {}): Occupancy => ({ unitId: 3, unitName: '计算机学院', approved: 2, occupied: 3, vacant: 0, over: 1, ...over })

const doc = (over: Partial<Document> = {}): Document => ({
  id: 5,
  docNo: '校党干〔2026〕12号',
  issuedOn: '2026-03-01',
  issuer: '中共示范大学委员会',
  title: '关于王超等同志职务任免的通知',
  state: 'draft',
  issuedAt: null,
  issuedBy: '',
  withdrawnAt: null,
  withdrawnBy: '',
  withdrawReason: '',
  createTime: '2026-03-01T08:00:00Z',
  updateTime: '2026-03-01T08:00:00Z',
  items: [],
  itemCount: 1,
  ...over,
})

const issuedItem = {
  id: 9,
  sort: 1,
  kind: 'appoint' as const,
  cadreId: 1,
  positionId: 2,
  onDate: '2026-03-01',
  promotion: true,
  overReason: '学科建设急需',
  probationUntil: '2027-02-28',
  overQuota: true,
  cadreName: '王超',
  positionName: '院长助理',
  unitName: '计算机学院',
}

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dictDetail/map').reply(200, {})
  mock.onGet('/api/gbzs/units').reply(200, page([unitRow(), unitRow({ unitId: 4, unitName: '数学学院', over: 0, occupied: 1, vacant: 1 })]))
  mock.onGet('/api/gbzs/units/total').reply(200, { unitId: 0, unitName: '全校合计', approved: 4, occupied: 4, vacant: 1, over: 1 })
  mock.onGet('/api/gbzs/documents').reply(200, page([doc(), doc({ id: 6, docNo: '校党干〔2026〕11号', state: 'issued' })]))
})
afterEach(() => mock.restore())

const renderPage = (url = '/gb/zsgl') =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <QuotaPage />
    </MemoryRouter>,
  )

describe('gb/zsgl', { timeout: 30_000 }, () => {
  it('shows each unit with its numbers, the excess marked, and the school total', async () => {
    signIn(['gbzs:list'])
    renderPage()
    const cs = (await screen.findByText('计算机学院')).closest('tr') as HTMLElement
    expect(within(cs).getByText('超 1')).toBeTruthy()
    const math = screen.getByText('数学学院').closest('tr') as HTMLElement
    expect(within(math).queryByText(/超/)).toBeNull()
    expect(screen.getByText('全校合计')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
  })

  it('opens on the documents with ?tab=documents (选拔任用’s 查看任免文件)', async () => {
    signIn(['gbzs:list'])
    renderPage('/gb/zsgl?tab=documents')
    expect(await screen.findByText('校党干〔2026〕11号')).toBeTruthy()
    expect(screen.getByRole('tab', { name: '任免文件' }).getAttribute('aria-selected')).toBe('true')
  })

  it('lists the current holders of a position from its 现任人数', async () => {
    signIn(['gbzs:list'])
    mock.onGet('/api/gbzs/positions').reply(200, page([{ id: 2, unitId: 3, unitName: '计算机学院', name: '副院长', level: '4', levelLabel: '副处级', attribute: '2', attributeLabel: '行政', teamType: '2', teamTypeLabel: '院系领导班子', elected: false, sort: 0, remark: '', holders: 1, createTime: '', updateTime: '' }]))
    mock.onGet('/api/gbzs/positions/2/holders').reply(200, [{ cadreId: 1, cadreName: '林一', startOn: '2026-03-01', overQuota: false, overReason: '' }])
    renderPage()
    fireEvent.click(await screen.findByRole('tab', { name: '岗位' }))
    const row = (await screen.findByText('副院长')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: '1' }))
    expect(await screen.findByText('计算机学院 · 副院长 现任干部')).toBeTruthy()
    expect(await screen.findByText('林一')).toBeTruthy()
  })

  it('shows the message of the server naming the item under the items of the form', async () => {
    signIn(['gbzs:list', 'gbzs:edit'])
    mock.onGet('/api/gbzs/documents/5').reply(200, doc({ items: [{ ...issuedItem, overQuota: false, probationUntil: null, overReason: '' }] }))
    mock.onPut('/api/gbzs/documents/5').reply(400, { message: '第1项：所选岗位不存在', field: 'items' })
    renderPage()
    fireEvent.click(await screen.findByRole('tab', { name: '任免文件' }))
    const draft = (await screen.findByText('校党干〔2026〕12号')).closest('tr') as HTMLElement
    fireEvent.click(within(draft).getByText('修改'))
    const drawer = (await screen.findByText('修改任免文件')).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findByDisplayValue('校党干〔2026〕12号')).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('button', { name: /确\s*定/ }))
    expect(await within(drawer).findByText('第1项：所选岗位不存在')).toBeTruthy()
  })

  it('issues a draft after confirmation, shows the result and tells the open pages', async () => {
    signIn(['gbzs:list', 'gbzs:issue'])
    let issued = 0
    mock.onPost('/api/gbzs/documents/5/issue').reply(() => {
      issued++
      return [200, { document: doc({ state: 'issued', items: [issuedItem] }) }]
    })
    let heard = 0
    const hear = () => heard++
    window.addEventListener('gb_base_refresh', hear)
    renderPage()
    fireEvent.click(await screen.findByRole('tab', { name: '任免文件' }))
    const draft = (await screen.findByText('校党干〔2026〕12号')).closest('tr') as HTMLElement
    const done = (screen.getByText('校党干〔2026〕11号').closest('tr') as HTMLElement)
    expect(within(done).queryByText('发布')).toBeNull()
    expect(within(draft).queryByText('修改')).toBeNull() // no gbzs:edit
    fireEvent.click(within(draft).getByText('发布'))
    expect(await screen.findByText(/任一项不符合.*则全部不发布/)).toBeTruthy()
    expect(issued).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    expect(await screen.findByText('发布结果')).toBeTruthy()
    expect(screen.getByText('2027-02-28')).toBeTruthy()
    expect(screen.getByText('超职数：学科建设急需')).toBeTruthy()
    await waitFor(() => expect(issued).toBe(1))
    expect(heard).toBe(1)
    window.removeEventListener('gb_base_refresh', hear)
  })

  it('withdraws an issued document with a reason after confirmation, shows it 已撤销 and tells the open pages', async () => {
    signIn(['gbzs:list', 'gbzs:issue'])
    const sent: unknown[] = []
    mock.onPost('/api/gbzs/documents/6/withdraw').reply((config) => {
      sent.push(JSON.parse(config.data as string))
      return [200, doc({ id: 6, docNo: '校党干〔2026〕11号', state: 'withdrawn', items: [issuedItem], withdrawReason: '文件印发有误', withdrawnBy: 'admin', withdrawnAt: '2026-03-02T08:00:00Z' })]
    })
    let heard = 0
    const hear = () => heard++
    window.addEventListener('gb_base_refresh', hear)
    renderPage()
    fireEvent.click(await screen.findByRole('tab', { name: '任免文件' }))
    const issued = (await screen.findByText('校党干〔2026〕11号')).closest('tr') as HTMLElement
    const draft = screen.getByText('校党干〔2026〕12号').closest('tr') as HTMLElement
    expect(within(draft).queryByText('撤销')).toBeNull()
    fireEvent.click(within(issued).getByText('撤销'))
    const dialog = (await screen.findByText('撤销任免文件“校党干〔2026〕11号”')).closest('.ant-modal') as HTMLElement
    expect(within(dialog).getByText(/任一项已被其后的任免文件改变.*则全部不撤销/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: /确定撤销/ }))
    expect(await within(dialog).findByText('请输入撤销理由')).toBeTruthy()
    expect(sent).toHaveLength(0)
    fireEvent.change(within(dialog).getByLabelText('撤销理由'), { target: { value: '  文件印发有误 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /确定撤销/ }))
    expect(await screen.findByText('撤销结果')).toBeTruthy()
    expect(sent).toEqual([{ reason: '文件印发有误' }])
    const result = screen.getByText('撤销结果').closest('.ant-modal') as HTMLElement
    expect(within(result).getByText('已撤销')).toBeTruthy()
    expect(within(result).getByText('文件印发有误')).toBeTruthy()
    expect(heard).toBe(1)
    window.removeEventListener('gb_base_refresh', hear)
  })

  it('offers no 撤销 without gbzs:issue', async () => {
    signIn(['gbzs:list', 'gbzs:edit', 'gbzs:del'])
    renderPage()
    fireEvent.click(await screen.findByRole('tab', { name: '任免文件' }))
    const issued = (await screen.findByText('校党干〔2026〕11号')).closest('tr') as HTMLElement
    expect(within(issued).queryByText('撤销')).toBeNull()
    expect(within(issued).getByText('查看')).toBeTruthy()
  })
})
