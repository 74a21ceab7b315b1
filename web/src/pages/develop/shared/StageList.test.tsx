import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import { findDialog, ok } from '@/test/page'
import ApplicantPage from '../applicant'
import ProbationaryPage from '../probationary'
import TargetPage from '../target'
import { devRecord } from '../test/fixtures'

const ORGS = [
  { id: 1, pid: null, name: '计算机学院党委', shortName: '', type: '2', typeLabel: '二级党委', parentName: '' },
  { id: 7, pid: 1, name: '计算机学院本科生第一党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '计算机学院党委' },
]

let mock: MockAdapter
let queries: Record<string, unknown>[]
const rows = [
  devRecord({ id: 1, name: '李明', dueOn: '2025-10-01', dueState: 'overdue' }),
  devRecord({ id: 2, name: '王芳', step: 'activist', stepName: '推荐和确定入党积极分子', dueOn: '2026-12-01', dueState: 'soon' }),
  devRecord({ id: 3, name: '赵强', dueOn: '2026-12-01', dueState: 'soon' }),
]
beforeEach(() => {
  ;({ mock, queries } = mockListApi('/api/fzdy', rows, { pages: { '/api/common/dzz': ORGS } }))
})
afterEach(() => mock.restore())

const renderPage = (node = <ApplicantPage />) => renderWithApp(<MemoryRouter>{node}</MemoryRouter>)

describe('develop stage lists', { timeout: 30_000 }, () => {
  it('lists the stage’s records, marks overdue and soon-due ones, and searches within the stage', async () => {
    signIn(['fzdy:list'])
    renderPage()
    const overdue = (await screen.findByText('李明')).closest('tr') as HTMLElement
    expect(within(overdue).getByText('已逾期')).toBeTruthy()
    expect(within(overdue).getByText('2025-10-01').className).toMatch(/danger/)
    const soon = screen.getByText('王芳').closest('tr') as HTMLElement
    expect(within(soon).getByText('即将到期')).toBeTruthy()
    expect(within(soon).getByText('推荐和确定入党积极分子')).toBeTruthy()
    expect(queries[0]).toMatchObject({ stage: 'applicant', page: 0, size: 10 })
    // Without the permissions: no 新增入党申请, no 导出, no 批量办理.
    expect(screen.queryByRole('button', { name: /新增入党申请/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /批量办理/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()

    fireEvent.change(screen.getByPlaceholderText('姓名或学号/工号'), { target: { value: '李' } })
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1])
    fireEvent.click(await screen.findByText('已逾期', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], stage: 'applicant', blurry: '李', due: 'overdue' }))
  })

  it('shows the records made full on 预备党员 when asked, as the record page\'s 返回 asks', async () => {
    signIn(['fzdy:list'])
    renderWithApp(
      <MemoryRouter initialEntries={['/develop/probationary?with=full']}>
        <ProbationaryPage />
      </MemoryRouter>,
    )
    await screen.findByText('李明')
    expect(queries[0]).toMatchObject({ stage: ['probationary', 'full'] })
    const box = screen.getByRole('checkbox', { name: '含已转正' }) as HTMLInputElement
    expect(box.checked).toBe(true)
    fireEvent.click(box)
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ stage: 'probationary' }))
  })

  it('offers the import of historical records on the applicant list to holders of fzdy:import', async () => {
    signIn(['fzdy:list', 'fzdy:import'])
    renderPage()
    await screen.findByText('李明')
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeTruthy()
    cleanup()
    renderPage(<ProbationaryPage />)
    await screen.findByText('李明')
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()
  })

  it('says why a list is empty: nothing in the stage yet, or nothing matching the search', async () => {
    signIn(['fzdy:list'])
    mock.restore()
    ;({ mock, queries } = mockListApi('/api/fzdy', [], { pages: { '/api/common/dzz': ORGS } }))
    renderPage(<ProbationaryPage />)
    expect(await screen.findByText(/暂无预备党员：发展对象经「支部大会讨论接收预备党员」后列在这里/)).toBeTruthy()
    // The probationary list shows its own key dates.
    expect(screen.getByText('预备期满日期', { selector: 'th *, th' })).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('姓名或学号/工号'), { target: { value: '无此人' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    expect(await screen.findByText('没有符合条件的预备党员')).toBeTruthy()
    expect(queries.at(-1)).toMatchObject({ stage: 'probationary', blurry: '无此人' })
  })

  it('creates an application and shows the server’s refusal at its field', async () => {
    signIn(['fzdy:list', 'fzdy:add'])
    mock.onGet('/api/fzdy/people').reply(200, {
      content: [
        { kind: 'xs', kindLabel: '学生', id: 11, name: '孙悦', number: '2025010203', gender: '2', unitName: '计算机学院' },
        { kind: 'xs', kindLabel: '学生', id: 12, name: '周党员', number: '2025010204', gender: '1', unitName: '计算机学院', memberStatus: '正式党员' },
      ],
      totalElements: 2,
    })
    const sent: unknown[] = []
    mock.onPost('/api/fzdy').reply((c) => {
      sent.push(body(c))
      return [400, { status: 400, code: 'FLOW_RULE', field: 'appliedOn', message: '不符合「入党申请人须年满十八周岁」：出生日期 2008-03-02，2026-03-02 才年满 18 周岁' }]
    })
    renderPage()
    await screen.findByText('李明')
    fireEvent.click(screen.getByRole('button', { name: /新增入党申请/ }))
    const dialog = await findDialog('新增入党申请')
    // Nothing chosen: each field says what is missing, nothing is sent.
    ok(dialog)
    expect(await within(dialog).findByText('请选择申请人', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(within(dialog).getByText('请选择党支部', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(within(dialog).getByText('请选择申请入党日期', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(sent).toEqual([])

    const [person, branch] = within(dialog).getAllByRole('combobox')
    fireEvent.focus(person)
    fireEvent.mouseDown(person)
    // A party member is shown as one and cannot be chosen (RULES.md §2: a member cannot apply).
    const memberOption = await screen.findByText('周党员（2025010204，计算机学院） 已是正式党员，不能申请入党', { selector: '.ant-select-item-option-content' })
    expect(memberOption.closest('.ant-select-item-option')!.className).toMatch(/disabled/)
    fireEvent.click(await screen.findByText(/孙悦（2025010203，计算机学院）/, { selector: '.ant-select-item-option-content' }))
    fireEvent.mouseDown(branch)
    // Only branches can be chosen: the committee above is shown but disabled.
    const committee = (await screen.findAllByText('计算机学院党委')).find((e) => e.closest('.ant-select-tree-treenode'))!
    expect(committee.closest('.ant-select-tree-treenode')!.className).toMatch(/disabled/)
    fireEvent.click((await screen.findAllByText('计算机学院本科生第一党支部')).find((e) => e.closest('.ant-select-tree-treenode'))!)
    const applied = dialog.querySelector<HTMLInputElement>('input#appliedOn')!
    fireEvent.mouseDown(applied)
    fireEvent.focus(applied)
    fireEvent.change(applied, { target: { value: '2025-09-01' } })
    fireEvent.keyDown(applied, { key: 'Enter' })
    ok(dialog)
    await waitFor(() => expect(sent).toEqual([{ personKind: 'student', personId: 11, orgId: 7, appliedOn: '2025-09-01', leavingOn: '', remark: '' }]))
    expect(await within(dialog).findByText(/才年满 18 周岁/, { selector: '.ant-form-item-explain-error' })).toBeTruthy()
  })

  it('acts on records at one step in a batch and lists each row’s outcome', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    const sent: unknown[] = []
    mock.onPost('/api/fzdy/batch').reply((c) => {
      sent.push(body(c))
      return [
        200,
        [
          { id: 1, name: '李明', ok: true, message: '' },
          { id: 3, name: '赵强', ok: false, message: '不符合「入党申请人谈话」：超过 1 个月，请填写逾期原因' },
        ],
      ]
    })
    renderPage()
    const check = (name: string) => fireEvent.click(within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'))
    await screen.findByText('李明')
    // Records at different steps are not handled together.
    check('李明')
    check('王芳')
    fireEvent.click(screen.getByRole('button', { name: /批量办理/ }))
    expect(await screen.findByText(/所选记录处于不同环节/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }))
    check('王芳')
    check('赵强')
    fireEvent.click(screen.getByRole('button', { name: /批量办理/ }))
    const dialog = (await screen.findByText('批量办理（2 条）')).closest('.ant-modal') as HTMLElement
    expect(within(dialog).getByText('党组织派人谈话')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ ids: [1, 3], result: 'approve', comment: '' })
    expect((sent[0] as { form: { date: string } }).form.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const results = (await screen.findByText('批量办理结果')).closest('.ant-modal') as HTMLElement
    expect(within(results).getByText('共 2 条：成功 1 条，未办理 1 条')).toBeTruthy()
    const failed = within(results).getByText('赵强').closest('tr') as HTMLElement
    expect(within(failed).getByText('未办理')).toBeTruthy()
    expect(within(failed).getByText(/请填写逾期原因/)).toBeTruthy()
  })

  it('at a step decided by a vote the batch takes each person’s own tally in one screen (细则第二十一条: 逐个讨论和表决)', async () => {
    mock.restore()
    const at15 = { stage: 'target' as const, stageName: '发展对象', step: 'branchMeeting', stepName: '支部大会讨论接收预备党员' }
    ;({ mock } = mockListApi('/api/fzdy', [devRecord({ id: 4, name: '周红', ...at15 }), devRecord({ id: 5, name: '吴刚', ...at15 })], {
      pages: { '/api/common/dzz': ORGS },
    }))
    mock.onGet(/\/api\/fzdy\/\d+\/voters/).reply(200, { step: 'branchMeeting', by: 'branch', orgName: '支部', date: '', shouldAttend: 23, fixed: true })
    const sent: unknown[] = []
    mock.onPost('/api/fzdy/batch').reply((c) => {
      sent.push(body(c))
      return [200, [{ id: 4, name: '周红', ok: true, message: '' }, { id: 5, name: '吴刚', ok: true, message: '' }]]
    })
    signIn(['fzdy:list', 'fzdy:branch'])
    renderPage(<TargetPage />)
    const check = (name: string) => fireEvent.click(within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'))
    await screen.findByText('周红')
    check('周红')
    check('吴刚')
    fireEvent.click(screen.getByRole('button', { name: /批量办理/ }))
    const dialog = (await screen.findByText('批量办理（2 条）')).closest('.ant-modal') as HTMLElement
    await waitFor(() => expect(within(dialog).getAllByDisplayValue('23')).toHaveLength(2))
    const type = (label: string, v: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value: v } })
    type('周红 present', '12')
    type('周红 agree', '11')
    expect(await within(dialog).findByText('赞成票须超过应到会人数的半数（至少 12 票）')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }))
    expect(await within(dialog).findByText('请填写每人的表决结果：吴刚')).toBeTruthy()
    expect(sent).toEqual([])
    type('周红 agree', '12')
    type('吴刚 present', '13')
    type('吴刚 written', '2')
    type('吴刚 agree', '14')
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(sent).toHaveLength(1))
    const b = sent[0] as { ids: number[]; forms: Record<string, Record<string, unknown>> }
    expect(b.ids).toEqual([4, 5])
    expect(b.forms['4']).toMatchObject({ shouldAttend: 23, present: 12, agree: 12 })
    expect(b.forms['5']).toMatchObject({ shouldAttend: 23, present: 13, written: 2, agree: 14 })
    expect(b.forms['4'].date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})
