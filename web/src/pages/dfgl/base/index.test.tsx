import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Base, Meta } from '../standard/api'
import FeeBasePage from './index'
import { ok } from '@/test/page'

const META: Meta = {
  categories: [
    { code: 'salaried', label: '在职', needBase: true },
    { code: 'retired', label: '离退休', needBase: true },
    { code: 'annual', label: '年薪制', needBase: true },
    { code: 'student', label: '学生', needBase: false },
  ],
  items: [
    { key: 'postPay', label: '岗位工资', kind: 'included' },
    { key: 'housingSubsidy', label: '住房补贴', kind: 'excluded' },
    { key: 'incomeTax', label: '个人所得税', kind: 'deducted' },
    { key: 'pension', label: '基本养老金', kind: 'pension' },
    { key: 'transitionalPension', label: '过渡性养老金', kind: 'pension' },
    { key: 'pay1', label: '1月实发薪酬', kind: 'monthPay', until: 1 },
    { key: 'pay3', label: '3月实发薪酬', kind: 'monthPay', until: 3 },
    { key: 'incomeQ0', label: '上年第四季度月平均纯收入', kind: 'quarter', until: 3 },
    { key: 'stipend', label: '普通奖学金（月）', kind: 'stipend' },
  ],
  states: { draft: '未启用', on: '启用', void: '作废' },
  graduateStipend: false,
}
const base: Base = {
  id: 5,
  memberId: 7,
  memberName: '张老师',
  staffNo: 'T001',
  orgId: 3,
  orgName: '计算机教工党支部',
  year: new Date().getFullYear(),
  fromMonth: 1,
  category: 'salaried',
  categoryLabel: '在职',
  items: { postPay: '4,800.00' },
  included: '4,800.00',
  deducted: '0.00',
  base: '4,800.00',
  baseFen: 480000,
  due: '48.00',
  dueFen: 4800,
  working: '月基数 4,800.00 元 × 1%（3000 < 基数 ≤ 5000）= 48.00 元',
  remark: '',
  updatedAt: '2026-01-01T00:00:00Z',
}

let mock: MockAdapter
let listed: unknown[]
beforeEach(() => {
  mock = mockApi()
  listed = []
  mock.onGet('/api/dfbz/meta').reply(200, META)
  mock.onGet('/api/dfjs').reply((c) => {
    listed.push(c.params)
    return [200, page([base])]
  })
  mock.onGet('/api/dfjs/missing').reply(200, page([]))
  mock.onGet('/api/dfjm').reply(200, page([]))
})
afterEach(() => mock.restore())

/** Renders the page and answers the row of the listed base. */
async function openPage(): Promise<HTMLElement> {
  renderWithApp(
    <MemoryRouter>
      <FeeBasePage />
    </MemoryRouter>,
  )
  return (await screen.findByText('张老师')).closest('tr') as HTMLElement
}

describe('dfgl/base', { timeout: 30_000 }, () => {
  it('lists the bases of the year with the due and its working', async () => {
    signIn(['dfjs:list'])
    const tr = await openPage()
    expect(within(tr).getByText('48.00')).toBeTruthy()
    expect(within(tr).getByText(base.working)).toBeTruthy()
    expect((listed[0] as { year: number }).year).toBe(new Date().getFullYear())
    expect(screen.queryByRole('button', { name: '录入基数' })).toBeNull()
    expect(screen.queryByText('困难减免')).toBeNull()
  })

  it('edits a base: the server previews the due as the items change, only the category’s items are sent', async () => {
    signIn(['dfjs:list', 'dfjs:edit'])
    const previews: unknown[] = []
    const saved: unknown[] = []
    mock.onPost('/api/dfjs/preview').reply((c) => {
      previews.push(body(c))
      return [200, { baseFen: 500000, base: '5,000.00', fen: 5000, amount: '50.00', standardId: 1, working: '月基数 5,000.00 元 × 1%（3000 < 基数 ≤ 5000）= 50.00 元' }]
    })
    mock.onPut('/api/dfjs').reply((c) => {
      saved.push(body(c))
      return [200, base]
    })
    const tr = await openPage()
    fireEvent.click(within(tr).getByText('修改'))
    const dialog = (await screen.findByText(/修改党费基数：张老师/)).closest('.ant-modal') as HTMLElement
    const post = dialog.querySelector<HTMLInputElement>('input#items_postPay')!
    expect(post.value).toBe('4800.00')
    fireEvent.change(post, { target: { value: '5000' } })
    expect(await within(dialog).findByText('月缴党费 50.00 元', {}, { timeout: 3000 })).toBeTruthy()
    // The mock answers every preview alike, the one on opening too: wait for the one of the change.
    await waitFor(() => expect(previews.at(-1)).toMatchObject({ category: 'salaried', items: { postPay: '5000' } }), { timeout: 3000 })
    ok(dialog)
    await waitFor(() =>
      expect(saved).toEqual([{ id: 5, memberId: 7, year: base.year, fromMonth: 1, category: 'salaried', items: { postPay: '5000' }, remark: '', updatedAt: base.updatedAt }]),
    )
  })

  it('中组发〔2008〕3号: a retiree’s base takes every item of the pension received; a 年薪制 base the months from its first', async () => {
    signIn(['dfjs:list', 'dfjs:edit'])
    const retired: Base = {
      ...base, category: 'retired', categoryLabel: '离退休', items: { pension: '4,000.00', transitionalPension: '1,200.00' }, base: '5,200.00', baseFen: 520000,
      due: '52.00', dueFen: 5200, working: '离退休费总额 5,200.00 元（基本养老金 4,000.00 + 过渡性养老金 1,200.00）× 1%（基数 > 5000）= 52.00 元',
    }
    const annual: Base = { ...base, id: 6, memberName: '年薪制党员', fromMonth: 3, category: 'annual', categoryLabel: '年薪制', items: { pay3: '9,000.00' } }
    mock.onGet('/api/dfjs').reply(200, page([retired, annual]))
    mock.onPost('/api/dfjs/preview').reply(200, { baseFen: 520000, base: '5,200.00', fen: 5200, amount: '52.00', standardId: 2, working: retired.working })
    const saved: unknown[] = []
    mock.onPut('/api/dfjs').reply((c) => {
      saved.push(body(c))
      return [200, retired]
    })
    const tr = await openPage()
    fireEvent.click(within(tr).getByText('修改'))
    let dialog = (await screen.findByText(/修改党费基数：张老师/)).closest('.ant-modal') as HTMLElement
    expect(within(dialog).getByText('每月实际领取的离退休费')).toBeTruthy()
    expect(dialog.querySelector('input#items_postPay')).toBeNull()
    expect(dialog.querySelector('input#items_stipend')).toBeNull() // the school does not take the stipend
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input#items_transitionalPension')!, { target: { value: '1300' } })
    ok(dialog)
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ category: 'retired', items: { pension: '4000.00', transitionalPension: '1300' } })]))

    fireEvent.click(within(screen.getByText('年薪制党员').closest('tr') as HTMLElement).getByText('修改'))
    dialog = (await screen.findByText(/修改党费基数：年薪制党员/)).closest('.ant-modal') as HTMLElement
    expect(dialog.querySelector<HTMLInputElement>('input#items_pay3')!.value).toBe('9000.00')
    expect(dialog.querySelector('input#items_pay1')).toBeNull() // before the base's first month
    expect(dialog.querySelector('input#items_incomeQ0')).toBeNull()
  })

  it('a base changed by someone else meanwhile (409): the server’s message shows beside the buttons and the dialog keeps what was typed', async () => {
    signIn(['dfjs:list', 'dfjs:edit'])
    mock.onPost('/api/dfjs/preview').reply(200, { baseFen: 480000, base: '4,800.00', fen: 4800, amount: '48.00', standardId: 1, working: base.working })
    mock.onPut('/api/dfjs').reply(409, { status: 409, message: '该党费基数信息刚被其他人修改，请刷新后重试' })
    fireEvent.click(within(await openPage()).getByText('修改'))
    const dialog = (await screen.findByText(/修改党费基数：张老师/)).closest('.ant-modal') as HTMLElement
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input#items_postPay')!, { target: { value: '5000' } })
    ok(dialog)
    // The dialog's first alert is the live preview (月缴党费 …); the refusal is the one beside the buttons.
    const refusal = await within(dialog).findByText('该党费基数信息刚被其他人修改，请刷新后重试')
    expect(refusal.closest('[role="alert"]')).toBeTruthy()
    expect(screen.getByText(/修改党费基数：张老师/)).toBeTruthy()
    expect(dialog.querySelector<HTMLInputElement>('input#items_postPay')!.value).toBe('5000')
  })

  describe('中组发〔2008〕3号: only the organisation department sets 免交 or 困难减免', () => {
    const saved: unknown[] = []
    beforeEach(() => {
      saved.length = 0
      mock.onGet('/api/dfbz/meta').reply(200, { ...META, categories: [...META.categories, { code: 'exempt', label: '免交', needBase: false }, { code: 'relief', label: '困难减免', needBase: false }] })
      mock.onPost('/api/dfjs/preview').reply(200, { baseFen: 0, base: '0.00', fen: 0, amount: '0.00', standardId: 6, working: '免交' })
      mock.onPut('/api/dfjs').reply((c) => {
        saved.push(body(c))
        return [200, base]
      })
    })
    const open = async () => {
      fireEvent.click(within(await openPage()).getByText('修改'))
      return (await screen.findByText(/修改党费基数：张老师/)).closest('.ant-modal') as HTMLElement
    }
    const pick = async (dialog: HTMLElement, label: string) => {
      fireEvent.mouseDown(dialog.querySelector<HTMLInputElement>('input#category')!)
      return (await screen.findByText(label, { selector: '.ant-select-item-option-content' })).closest('.ant-select-item-option') as HTMLElement
    }

    it('a branch secretary sees them disabled, saying who decides', async () => {
      signIn(['dfjs:list', 'dfjs:edit'])
      const dialog = await open()
      expect((await pick(dialog, '免交（须组织部核定）')).className).toContain('ant-select-item-option-disabled')
      expect((await pick(dialog, '困难减免（须组织部核定）')).className).toContain('ant-select-item-option-disabled')
      expect(within(dialog).queryByLabelText('核定理由')).toBeNull()
    })

    it('the department sets 免交 with a reason, which is sent', async () => {
      signIn(['dfjs:list', 'dfjs:edit', 'dfjs:waive'])
      const dialog = await open()
      fireEvent.click((await pick(dialog, '免交')).querySelector('.ant-select-item-option-content')!)
      expect(await within(dialog).findByLabelText('核定理由')).toBeTruthy()
      ok(dialog)
      expect(await within(dialog).findByText('请填写核定为免交或困难减免的理由')).toBeTruthy()
      fireEvent.change(within(dialog).getByLabelText('核定理由'), { target: { value: '重病住院，校党委批复' } })
      ok(dialog)
      await waitFor(() => expect(saved).toEqual([expect.objectContaining({ id: 5, category: 'exempt', items: {}, reason: '重病住院，校党委批复' })]))
    })
  })

  it('shows a base’s history (变动轨迹) to whoever sees the list, without a restore', async () => {
    signIn(['dfjs:list'])
    const asked: unknown[] = []
    mock.onGet('/api/dfjs/5/trail').reply((c) => {
      asked.push(c.params)
      return [
        200,
        page([
          {
            id: 9, recordId: 5, type: 2, origin: 3, summary: '', operatorName: '李书记', restoredFrom: null, createTime: '2026-03-01T08:00:00Z',
            typeLabel: '修改', originLabel: '用户修改',
            changes: [{ field: 'items.postPay', label: '岗位工资（元）', old: '4,000.00', new: '4,800.00' }],
          },
          {
            id: 8, recordId: 5, type: 1, origin: 2, summary: '', operatorName: '李书记', restoredFrom: null, createTime: '2026-01-01T08:00:00Z',
            typeLabel: '新增', originLabel: '用户新增',
            changes: [{ field: 'member', label: '党员', old: '', new: '张老师' }],
          },
        ]),
      ]
    })
    const tr = await openPage()
    expect(within(tr).queryByText('修改')).toBeNull()
    fireEvent.click(within(tr).getByText('变动轨迹'))
    const drawer = (await screen.findByText(`变动轨迹：张老师 ${base.year} 年 1 月起`)).closest('.ant-drawer') as HTMLElement
    const change = (await within(drawer).findByText('岗位工资（元）')).closest('tr') as HTMLElement
    expect(within(change).getByText('4,000.00')).toBeTruthy()
    expect(within(change).getByText('4,800.00')).toBeTruthy()
    expect(within(drawer).getAllByText('操作人：李书记')).toHaveLength(2)
    expect(within(drawer).queryByText('还原到此版本')).toBeNull()
    expect(asked[0]).toMatchObject({ page: 0 })
  })

  it('opens the proposal a to-do links to (?hardship=) in the 困难减免 tab', async () => {
    signIn(['dfjs:list', 'dfjm:list', 'dfjm:committee'])
    const asked: unknown[] = []
    mock.onGet('/api/dfjm').reply((c) => {
      asked.push(c.params)
      const item = { id: 3, memberId: 7, memberName: '困难党员', orgId: 3, orgName: '计算机教工党支部', kind: 'exempt', kindLabel: '免交', amount: '', from: '2026-01', to: '2026-06', reason: '重病', state: 'review', stateLabel: '待审批', createdAt: '2026-01-01T00:00:00Z' }
      return [200, page([item])]
    })
    mock.onGet('/api/dfjm/3/flow').reply(200, {
      workflow: 'feehardship', started: true, state: 'review', stateName: '待审批', step: 'committee', current: 'committee', status: '', version: 1,
      actingOrgName: '计算机学院党委', actingRole: '上级党委', steps: [{ key: 'committee', title: '上级党委审批' }], entries: [], mayAct: false, results: [], returnTo: [],
    })
    renderWithApp(
      <MemoryRouter initialEntries={['/dfgl/base?hardship=3']}>
        <FeeBasePage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('困难党员：党费免交（2026-01 至 2026-06）')).toBeTruthy()
    expect(asked).toContainEqual(expect.objectContaining({ id: 3, size: 1 }))
  })
})
