import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, captureDownloads, mockApi, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import { findDialog, ok } from '@/test/page'
import type { Letter, LetterPrint } from './api'
import LetterPage from './index'
import LetterPrintView from './LetterPrint'

const letter = (over: Partial<Letter> = {}): Letter => ({
  id: 5, transferId: 9, memberId: 3, kind: 'inside', reach: 'city', year: 2026, number: '2026-0001',
  fromOrgName: '计算机教工党支部', toOrgName: '数学教工党支部', memberName: '张三', gender: '男', birthDate: '1990-03-15',
  ethnicity: '汉族', partyStatus: '正式党员', idNumber: '110101********1234', age: 35, feesPaidUpTo: '2026-02',
  contact: '010-12345678', issuedOn: '2026-03-01', validDays: 30, validUntil: '2026-03-31', voidReason: '',
  receiptDueOn: '2026-04-01', status: 'issued', seq: 1, fromOrgId: 7, toOrgId: 9, issuedBy: 1, acceptedOn: null, receivedOn: null,
  voidedOn: null, reissueOf: null, createdAt: '2026-03-01T00:00:00Z', updatedAt: '2026-03-01T00:00:00Z', ...over,
})

const ALL = ['zzgx:letter:list', 'zzgx:letter:print', 'zzgx:letter:edit', 'zzgx:letter:config']

describe('zzgx/letter 介绍信管理', { timeout: 30_000 }, () => {
  let mock: MockAdapter
  let queries: Record<string, unknown>[]
  beforeEach(() => {
    ;({ mock, queries } = mockListApi('/api/zzgx/letters', [letter(), letter({ id: 6, number: '2026-0002', memberName: '李四', status: 'expired' })], {
      pages: { '/api/common/dzz': [{ id: 7, pid: null, name: '计算机教工党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '' }] },
    }))
    mock.onGet('/api/zzgx/letters/settings').reply(200, { cityDays: 30, provinceDays: 60, nationDays: 90, receiptMonths: 1, contact: '' })
  })
  afterEach(() => mock.restore())

  const renderPage = (path = '/zzgx/letter') =>
    renderWithApp(
      <MemoryRouter initialEntries={[path]}>
        <LetterPage />
      </MemoryRouter>,
    )

  it('lists letters with their status, filters by status, and offers 补开 only for an expired one', async () => {
    signIn(ALL)
    renderPage()
    const valid = (await screen.findByText('2026-0001')).closest('tr') as HTMLElement
    const expired = screen.getByText('2026-0002').closest('tr') as HTMLElement
    expect(within(valid).getByText('有效')).toBeTruthy()
    expect(within(expired).getByText('已过期')).toBeTruthy()
    const comboboxes = screen.getAllByRole('combobox')
    fireEvent.mouseDown(comboboxes[1])
    fireEvent.click(await screen.findByText('已过期', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: 'expired' }))

    const reissued: unknown[] = []
    mock.onPost('/api/zzgx/letters/6/reissue').reply(() => {
      reissued.push(1)
      return [200, letter({ id: 7, number: '2026-0003' })]
    })
    fireEvent.mouseEnter(within(expired).getByRole('button', { name: /更多/ }))
    fireEvent.click(await screen.findByText('补开'))
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(reissued).toHaveLength(1))

    fireEvent.mouseEnter(within(valid).getByRole('button', { name: /更多/ }))
    await screen.findAllByText('登记回执')
    expect(screen.getAllByText('补开')).toHaveLength(1) // the expired row's menu only
  })

  it('records a receipt with its date, and hides the actions a list-only user may not take', async () => {
    signIn(ALL)
    const sent: unknown[] = []
    mock.onPost('/api/zzgx/letters/receipt').reply((c) => {
      sent.push(body(c))
      return [400, { status: 400, field: 'receivedOn', message: '回执退回日期不能早于开具日期（2026-03-01）' }]
    })
    renderPage()
    const row = (await screen.findByText('2026-0001')).closest('tr') as HTMLElement
    fireEvent.mouseEnter(within(row).getByRole('button', { name: /更多/ }))
    fireEvent.click(await screen.findByText('登记回执'))
    const dialog = await findDialog(/登记回执（2026-0001）/)
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ id: 5 })
    expect(await within(dialog).findByText(/不能早于开具日期/, { selector: '.ant-form-item-explain-error' })).toBeTruthy()
  })

  it('records the day the receiving side took the member in (介绍信 第三联: the receipt is due a month later)', async () => {
    signIn(ALL)
    const sent: unknown[] = []
    mock.onPost('/api/zzgx/letters/accepted').reply((c) => {
      sent.push(body(c))
      return [200, letter({ status: 'accepted', acceptedOn: '2026-03-20', receiptDueOn: '2026-04-20' })]
    })
    renderPage()
    const row = (await screen.findByText('2026-0001')).closest('tr') as HTMLElement
    fireEvent.mouseEnter(within(row).getByRole('button', { name: /更多/ }))
    fireEvent.click(await screen.findByText('登记接收'))
    const dialog = await findDialog(/登记接收（2026-0001）/)
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ id: 5 })
    expect((sent[0] as { acceptedOn: string }).acceptedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('a list-only user sees the letters but no print, receipt, void, reissue nor settings', async () => {
    signIn(['zzgx:letter:list'])
    renderPage()
    const row = (await screen.findByText('2026-0002')).closest('tr') as HTMLElement
    expect(within(row).getByRole('button', { name: '详情' })).toBeTruthy()
    expect(within(row).queryByRole('button', { name: /打\s*印/ })).toBeNull()
    expect(within(row).queryByRole('button', { name: /更多/ })).toBeNull()
    expect(screen.queryByRole('button', { name: '介绍信设置' })).toBeNull()
  })

  it('opens the letter named in the address (a reminder’s link) and downloads its Word version', async () => {
    signIn(ALL)
    mock.onGet('/api/zzgx/letters/5').reply(200, letter())
    mock.onGet('/api/zzgx/letters/5/docx').reply(200, new Blob(['docx']), { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('介绍信2026-0001.docx')}` })
    renderPage('/zzgx/letter?id=5')
    const drawer = (await screen.findByText('介绍信 2026-0001')).closest('.ant-drawer') as HTMLElement
    expect(within(drawer).getByText('110101********1234')).toBeTruthy()
    expect(within(drawer).getByText('应于 2026-04-01 前退回（接收后一个月内）')).toBeTruthy()
    const downloads = captureDownloads()
    try {
      fireEvent.click(within(drawer).getByRole('button', { name: /下载 Word/ }))
      await waitFor(() => expect(downloads.saved).toEqual(['介绍信2026-0001.docx']))
    } finally {
      downloads.restore()
    }
  })

  it('refuses a validity above 3 months in the settings, naming the field', async () => {
    signIn(ALL)
    const saved: unknown[] = []
    mock.onPut('/api/zzgx/letters/settings').reply((c) => {
      saved.push(body(c))
      return [200, body(c)]
    })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: '介绍信设置' }))
    const dialog = await findDialog('介绍信设置')
    const nation = dialog.querySelector<HTMLInputElement>('input#nationDays')!
    fireEvent.change(nation, { target: { value: '91' } })
    ok(dialog)
    expect(await within(dialog).findByText('省外介绍信有效期须在1–90天之间（不超过3个月）')).toBeTruthy()
    expect(saved).toHaveLength(0)
    fireEvent.change(nation, { target: { value: '90' } })
    ok(dialog)
    await waitFor(() => expect(saved).toEqual([{ cityDays: 30, provinceDays: 60, nationDays: 90, receiptMonths: 1, contact: '' }]))
  })
})

describe('介绍信（打印）', { timeout: 20_000 }, () => {
  let mock: MockAdapter
  beforeEach(() => {
    mock = mockApi()
    signIn(['zzgx:letter:print'])
  })
  afterEach(() => mock.restore())

  it('prints stub, letter and receipt with the same number and the ID number in full', async () => {
    const l: LetterPrint = { ...letter(), idNumberFull: '110101199003150123', reachLabel: '市内' }
    mock.onGet('/api/zzgx/letters/5/print').reply(200, l)
    renderWithApp(
      <MemoryRouter initialEntries={['/print/zzgxLetter?id=5']}>
        <LetterPrintView />
      </MemoryRouter>,
    )
    expect(await screen.findByText('中国共产党党员组织关系介绍信（存根）')).toBeTruthy()
    expect(screen.getByText('中国共产党党员组织关系介绍信')).toBeTruthy()
    expect(screen.getByText('中国共产党党员组织关系介绍信回执')).toBeTruthy()
    expect(screen.getAllByText('第 2026-0001 号')).toHaveLength(3)
    expect(screen.getByText('110101199003150123')).toBeTruthy()
    expect(screen.getAllByText('2026年2月').length).toBeGreaterThanOrEqual(2) // 党费已交到, stub and letter
    expect(screen.getByText(/同志的党员组织关系已转达我处，特此回执。/)).toBeTruthy()
  })

  it('says so when the letter is missing or out of scope', async () => {
    mock.onGet('/api/zzgx/letters/8/print').reply(404, { status: 404, message: '介绍信不存在' })
    renderWithApp(
      <MemoryRouter initialEntries={['/print/zzgxLetter?id=8']}>
        <LetterPrintView />
      </MemoryRouter>,
    )
    expect(await screen.findByText('介绍信不存在或无权查看')).toBeTruthy()
  })
})
