import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ALWAYS_TRACKED, RULE_DEFAULTS, STEPS, type ConfigView } from '@/api/develop'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { findDialog, ok } from '@/test/page'
import DevConfigPage, { SAVE_WARNING } from './index'

const VIEW: ConfigView = {
  version: 2,
  config: { steps: STEPS.map((s) => ({ key: s.key, tracked: true, dueDays: 0, docs: [] })), rules: { ...RULE_DEFAULTS } },
  steps: STEPS.map((s) => ({ ...s, docs: s.key === 'talk' ? ['谈话记录'] : [], alwaysTracked: ALWAYS_TRACKED.has(s.key) })),
  versions: [
    { version: 2, note: '不跟踪入党宣誓', userName: 'zzb', createTime: '2026-02-01T08:00:00Z' },
    { version: 1, note: '初始配置（《中国共产党发展党员工作细则》）', userName: '系统', createTime: '2026-01-01T08:00:00Z' },
  ],
}

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/fzdy/config').reply(200, VIEW)
  mock.onGet('/api/fzdy/numbers').reply(200, { content: [{ id: 1, year: 2026, orgId: null, prefix: 'JS', first: 1, last: 100, next: 41, width: 4, used: 40, left: 60 }], totalElements: 1 })
  mock.onGet('/api/fzdy/flow/chains').reply(200, {
    steps: [
      { key: 'talk', title: '党组织派人谈话' },
      { key: 'activistFiling', title: '入党积极分子上级党委备案' },
    ],
    orgTypes: [
      { value: '2', label: '二级党委' },
      { value: '5', label: '党支部' },
    ],
    chains: [
      {
        orgType: '5',
        links: [
          { step: 'talk', acting: ['5'], role: '党支部' },
          { step: 'activistFiling', acting: ['2'], role: '上级党委' },
        ],
      },
    ],
  })
})
afterEach(() => mock.restore())

const stepRow = (name: string) => screen.getByText(new RegExp(name)).closest('tr') as HTMLElement

describe('develop/config', { timeout: 60_000 }, () => {
  it('saves a new version with a note, after saying what a new version changes', async () => {
    signIn(['fzdy:list', 'fzdy:config'])
    const sent: Record<string, unknown>[] = []
    mock.onPut('/api/fzdy/config').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return [200, VIEW]
    })
    renderWithApp(<DevConfigPage />)
    expect(await screen.findByText('第 2 版')).toBeTruthy()
    // The steps are numbered as the 细则 numbers them, past ⑳ too.
    expect(screen.getByText('⑳ 入党宣誓')).toBeTruthy()
    expect(screen.getByText('㉕ 材料归档')).toBeTruthy()
    // Always-tracked steps cannot be switched off; the others can.
    expect(within(stepRow('党组织派人谈话')).getByRole('switch').hasAttribute('disabled')).toBe(true)
    expect(within(stepRow('入党宣誓')).getByRole('switch').hasAttribute('disabled')).toBe(false)
    fireEvent.click(within(stepRow('入党宣誓')).getByRole('switch'))
    fireEvent.change(within(stepRow('指定培养联系人')).getByRole('spinbutton'), { target: { value: '15' } })
    // The talk's deadline is the rule's months (the server's value), not a day count typed here.
    expect(within(stepRow('党组织派人谈话')).queryByRole('spinbutton')).toBeNull()
    expect(within(stepRow('党组织派人谈话')).getByText('申请后 1 个月（规则参数）')).toBeTruthy()

    fireEvent.click(screen.getByRole('tab', { name: '规则参数' }))
    // Each number shows the regulation's default next to it.
    const minAge = (await screen.findByText('入党申请人最低年龄（周岁）')).closest('.ant-form-item') as HTMLElement
    expect(within(minAge).getByText('细则规定：18')).toBeTruthy()
    const probation = screen.getByText('预备期（月）').closest('.ant-form-item') as HTMLElement
    // The bounds are the server's (develop.ruleRanges: 6–24 months), just outside either edge refused here.
    for (const outside of ['5', '25']) {
      fireEvent.change(within(probation).getByRole('spinbutton'), { target: { value: outside } })
      fireEvent.click(screen.getByRole('button', { name: /保存为新版本/ }))
      expect(await within(probation).findByText('应在 6 到 24 之间')).toBeTruthy()
    }
    fireEvent.change(within(probation).getByRole('spinbutton'), { target: { value: '12' } })

    fireEvent.click(screen.getByRole('button', { name: /保存为新版本/ }))
    const dialog = (await screen.findByText('保存发展配置')).closest('.ant-modal') as HTMLElement
    expect(within(dialog).getByText(SAVE_WARNING)).toBeTruthy()
    ok(dialog)
    expect(await within(dialog).findByText('请填写修改说明')).toBeTruthy()
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '培养联系人 15 天内指定' } })
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    const saved = sent[0] as { note: string; config: ConfigView['config'] }
    expect(saved.note).toBe('培养联系人 15 天内指定')
    expect(saved.config.rules).toEqual(RULE_DEFAULTS)
    expect(saved.config.steps).toHaveLength(25)
    expect(saved.config.steps.find((s) => s.key === 'oath')).toEqual({ key: 'oath', tracked: false, dueDays: 0, docs: [] })
    expect(saved.config.steps.find((s) => s.key === 'contacts')).toEqual({ key: 'contacts', tracked: true, dueDays: 15, docs: [] })
    expect(saved.config.steps.find((s) => s.key === 'talk')).toEqual({ key: 'talk', tracked: true, dueDays: 0, docs: [] })
  })

  it('is read-only without fzdy:config, and shows the history, the number ranges and the chains', async () => {
    signIn(['fzdy:list'])
    renderWithApp(<DevConfigPage />)
    await screen.findByText('第 2 版')
    expect(screen.queryByRole('button', { name: /保存为新版本/ })).toBeNull()
    expect(within(stepRow('入党宣誓')).getByRole('switch').hasAttribute('disabled')).toBe(true)
    fireEvent.click(screen.getByRole('tab', { name: '历史版本' }))
    expect(await screen.findByText('不跟踪入党宣誓')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: '志愿书编号段' }))
    const range = (await screen.findByText('JS0001')).closest('tr') as HTMLElement
    expect(within(range).getByText('全校通用')).toBeTruthy()
    expect(within(range).getByText('JS0041')).toBeTruthy()
    expect(within(range).getByText('60')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '新增编号段' })).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: '审批链' }))
    expect(await screen.findByText('党支部的发展党员记录')).toBeTruthy()
    expect(screen.getByText('上级党委（二级党委）')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
  })

  it('edits who acts at a step of a chain, with the server refusal on the form', async () => {
    signIn(['fzdy:list', 'fzdy:config'])
    const sent: { orgType: string; links: { step: string; acting: string[]; role: string }[] }[] = []
    let first = true
    mock.onPut('/api/fzdy/flow/chains').reply((c) => {
      sent.push(body(c) as (typeof sent)[number])
      if (first) {
        first = false
        return [400, { message: '请选择办理「党组织派人谈话」的党组织类型', field: 'links' }]
      }
      return [200, { steps: [], orgTypes: [], chains: [] }]
    })
    renderWithApp(<DevConfigPage />)
    fireEvent.click(await screen.findByRole('tab', { name: '审批链' }))
    const card = (await screen.findByText('党支部的发展党员记录')).closest('.ant-card') as HTMLElement
    fireEvent.click(within(card).getByRole('button', { name: /编\s*辑/ }))
    const dialog = await findDialog(/编辑审批链/)
    const role = within(dialog).getByLabelText('入党积极分子上级党委备案角色名称')
    fireEvent.change(role, { target: { value: '院系党委' } })
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(await within(dialog).findByText('请选择办理「党组织派人谈话」的党组织类型')).toBeTruthy()
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]).toEqual({
      orgType: '5',
      links: [
        { step: 'talk', acting: ['5'], role: '党支部' },
        { step: 'activistFiling', acting: ['2'], role: '院系党委' },
      ],
    })
  })

  it('adds a number range', async () => {
    signIn(['fzdy:list', 'fzdy:config'])
    const sent: unknown[] = []
    mock.onPost('/api/fzdy/numbers').reply((c) => {
      sent.push(body(c))
      return [201, {}]
    })
    renderWithApp(<DevConfigPage />)
    fireEvent.click(await screen.findByRole('tab', { name: '志愿书编号段' }))
    fireEvent.click(await screen.findByRole('button', { name: '新增编号段' }))
    const dialog = await findDialog('新增编号段')
    fireEvent.change(dialog.querySelector('input#prefix')!, { target: { value: 'JS' } })
    fireEvent.change(dialog.querySelector('input#first')!, { target: { value: '200' } })
    fireEvent.change(dialog.querySelector('input#last')!, { target: { value: '100' } })
    ok(dialog)
    expect(await within(dialog).findByText('截止编号不能小于起始编号')).toBeTruthy()
    fireEvent.change(dialog.querySelector('input#last')!, { target: { value: '300' } })
    ok(dialog)
    await waitFor(() => expect(sent).toEqual([{ year: new Date().getFullYear(), orgId: null, prefix: 'JS', first: 200, last: 300, width: 0 }]))
  })
})
