import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { findDialog, ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import type { Outgoing } from './api'
import CreateDialog from './CreateDialog'

const REACHES: Outgoing['reaches'] = [
  { value: 'city', label: '市内（30 天）', days: 30 },
  { value: 'province', label: '省内（60 天）', days: 60 },
  { value: 'nation', label: '省外（90 天）', days: 90 },
]

let mock: MockAdapter
let sent: Record<string, unknown>[]
beforeEach(() => {
  mock = mockApi()
  signIn(['zzgx:list', 'zzgx:add'])
  sent = []
  mock.onGet('/api/common/dyjbxx').reply(200, page([{ id: 5, name: '张欠缴', orgName: '计算机教工党支部' }, { id: 6, name: '李无记录', orgName: '计算机教工党支部' }]))
  // 张欠缴 paid up to 2026-10 and owes 2026-11; 李无记录 has no fee records.
  mock.onGet('/api/zzgx/outgoing').reply((c) => {
    const id = (c.params as { memberId?: number }).memberId
    const base = { reaches: REACHES, feesPaidUpTo: '', feesRequired: false, lastDue: '' }
    if (id === 5) return [200, { ...base, feesPaidUpTo: '2026-10', lastDue: '2026-11' }]
    if (id === 6) return [200, { ...base, feesRequired: true }]
    return [200, base]
  })
  mock.onPost('/api/zzgx').reply((c) => {
    sent.push(body(c) as Record<string, unknown>)
    return [201, { id: 1 }]
  })
})
afterEach(() => mock.restore())

const choose = async (box: HTMLElement, option: string) => {
  fireEvent.focus(box)
  fireEvent.mouseDown(box)
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }))
}

async function open() {
  renderWithApp(<CreateDialog kind="out" onClose={() => undefined} onDone={() => undefined} />)
  const dialog = await findDialog('发起转出')
  const [memberBox, subKindBox, reachBox] = within(dialog).getAllByRole('combobox')
  return { dialog, memberBox, subKindBox, reachBox }
}

describe('发起转出', { timeout: 30_000 }, () => {
  it('fills 党费缴纳至 from the fee records, warns of a month before the last due one, and offers each reach with its days', async () => {
    const { dialog, memberBox, subKindBox, reachBox } = await open()
    await choose(memberBox, '张欠缴（计算机教工党支部）')
    const month = dialog.querySelector('input#feesPaidUpTo') as HTMLInputElement
    await waitFor(() => expect(month.value).toBe('2026-10'))
    expect(month.disabled).toBe(true)
    expect(within(dialog).getByText('取自党费记录，以其为准')).toBeTruthy()
    expect(within(dialog).getByText('早于该党员最近应缴月份 2026-11，转出前请督促补缴党费')).toBeTruthy()
    await choose(subKindBox, '省内转出')
    await choose(reachBox, '省内（60 天）')
    expect(screen.getByText('市内（30 天）', { selector: '.ant-select-item-option-content' })).toBeTruthy()
    expect(screen.getByText('省外（90 天）', { selector: '.ant-select-item-option-content' })).toBeTruthy()
    fireEvent.change(within(dialog).getByRole('textbox', { name: '转入党组织' }), { target: { value: '省内某党委' } })
    // A warning, not a block: the transfer starts.
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ kind: 'out', subKind: 'province', memberId: 5, reach: 'province', feesPaidUpTo: '2026-10', otherOrg: '省内某党委' })
  })

  it('asks for 党费缴纳至 when the fee records have none', async () => {
    const { dialog, memberBox } = await open()
    await choose(memberBox, '李无记录（计算机教工党支部）')
    await waitFor(() => expect(mock.history.get.some((r) => (r.params as { memberId?: number } | undefined)?.memberId === 6)).toBe(true))
    ok(dialog)
    expect(await within(dialog).findByText('党费记录中没有该党员已缴的月份，请填写党费缴纳至')).toBeTruthy()
    expect((dialog.querySelector('input#feesPaidUpTo') as HTMLInputElement).disabled).toBe(false)
    expect(within(dialog).queryByText('取自党费记录，以其为准')).toBeNull()
    expect(sent).toEqual([])
  })

  it('省外转出 offers only a 省外 letter', async () => {
    const { memberBox, subKindBox, reachBox, dialog } = await open()
    await choose(memberBox, '张欠缴（计算机教工党支部）')
    await waitFor(() => expect((dialog.querySelector('input#feesPaidUpTo') as HTMLInputElement).value).toBe('2026-10'))
    await choose(reachBox, '市内（30 天）')
    await choose(subKindBox, '省外转出')
    // The reach follows, and 市内/省内 cannot be chosen.
    const reachItem = reachBox.closest('.ant-form-item') as HTMLElement
    await waitFor(() => expect(reachItem.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent).toBe('省外（90 天）'))
    fireEvent.mouseDown(reachBox)
    const city = (await screen.findByText('市内（30 天）', { selector: '.ant-select-item-option-content' })).closest('.ant-select-item-option')!
    expect(city.getAttribute('aria-disabled') ?? city.className).toMatch(/true|disabled/)
  })
})
