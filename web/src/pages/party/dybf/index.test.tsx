import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PERM } from '@/api/permissions'
import { get, post } from '@/api/request'
import { useSessionStore } from '@/stores/session'
import { renderWithApp } from '@/test/render'
import AidPage from './index'

const page = <T,>(content: T[]) => ({ content, totalElements: content.length })

const caseRow = { id: 1, memberId: 7, memberName: '张三', orgId: 3, orgName: '计算机教工党支部', kind: '1', kindName: '患病', description: '患重病住院治疗',
  since: '2026-03-01', until: null, state: 'aiding', stateName: '帮扶中', createdBy: 'admin', createTime: '', updateTime: '',
  hardship: { memberId: 7, kind: 'reduce', label: '减交', amount: '2.00', from: '2026-01', to: '2026-12' } }
const pending = { id: 5, memberId: 7, memberName: '张三', orgId: 3, orgName: '计算机教工党支部', committeeId: 2, kind: 'money', occasion: '', year: 2026,
  aidOn: '2026-05-04', fen: 200001, visitors: '', note: '住院医疗费用补助', state: 'pending', needsSchool: true, proposedBy: 'zb', decidedBy: '',
  decidedAt: null, remark: '', createTime: '', updateTime: '', amount: '2,000.01', kindName: '帮扶金', occasionName: '', stateName: '待审批' }

vi.mock('@/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/request')>()),
  get: vi.fn((url: string) => {
    if (url === '/api/dybf/cases') return Promise.resolve(page([caseRow]))
    if (url === '/api/dybf/records') return Promise.resolve(page([pending]))
    if (url === '/api/dybf/threshold') return Promise.resolve({ amount: '2,000.00', fen: 200000 })
    if (url === '/api/dybf/totals') return Promise.resolve(page([{ committeeId: 2, committeeName: '计算机学院党委', kind: 'money', kindName: '帮扶金', records: 2, members: 2, fen: 50050, amount: '500.50' }]))
    if (url === '/api/dybf/visits') return Promise.resolve(page([{ memberId: 9, memberName: '老李', orgId: 3, orgName: '计算机教工党支部', joinedOn: '1970-06-30', inCase: 0, old: 1, visited: 1 }]))
    return Promise.resolve(page([]))
  }),
  post: vi.fn(() => Promise.resolve({ ...pending, state: 'approved', stateName: '已批准' })),
}))

describe('党员帮扶', () => {
  beforeEach(() => {
    vi.mocked(get).mockClear()
    vi.mocked(post).mockClear()
    useSessionStore.setState({ roles: [PERM.dybfList, PERM.dybfAdd, PERM.dybfApprove, PERM.dybfExport] })
  })

  it('lists the members in difficulty with their fee reduction', async () => {
    renderWithApp(<AidPage />)
    expect(await screen.findByText('患重病住院治疗')).toBeTruthy()
    expect(screen.getByText('减交 2.00 元/月（2026-01 至 2026-12）')).toBeTruthy()
    expect(vi.mocked(get)).toHaveBeenCalledWith('/api/dybf/cases', expect.objectContaining({ page: 0, state: 'aiding' }))
  })

  it('approves a pending money record that needs the 组织部', async () => {
    renderWithApp(<AidPage />)
    fireEvent.click(await screen.findByRole('tab', { name: '帮扶记录' }))
    expect(await screen.findByText('待审批（组织部）')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '审批' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('审批张三的帮扶金 2,000.01 元')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }))
    await vi.waitFor(() => expect(vi.mocked(post)).toHaveBeenCalledWith('/api/dybf/records/5/decide', { approve: true, remark: undefined }))
  })

  it('shows the yearly totals and the printable visit list', async () => {
    renderWithApp(<AidPage />)
    fireEvent.click(await screen.findByRole('tab', { name: '年度统计' }))
    expect(await screen.findByText('500.50')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: '走访名单' }))
    expect(await screen.findByText('老李')).toBeTruthy()
    expect(screen.getByText('党龄50年以上老党员')).toBeTruthy()
    expect(screen.getByText('已走访')).toBeTruthy()
    const own = window.print
    const print = vi.fn()
    window.print = print
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }))
    expect(print).toHaveBeenCalled()
    window.print = own
  })
})
