import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RecordDetail } from '@/api/develop'
import type { FlowView } from '@/components/flow'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { findDialog, ok } from '@/test/page'
import { devDetail } from '../test/fixtures'
import DevelopRecordPage from './index'

const CHAIN = ['talk', 'activist', 'contacts', 'cultivate', 'target', 'targetFiling', 'sponsors', 'politicalReview', 'training', 'branchReview', 'preReview', 'volunteerBook', 'branchMeeting', 'committeeTalk', 'committeeApproval', 'deptFiling', 'placement', 'oath', 'probationEducation', 'fullApplication', 'fullMeeting', 'fullApproval', 'archive']

/** The record's flow as GET /api/fzdy/{id}/flow answers it: waiting at `step`, the caller may act. 'activistFiling' is not tracked. */
const flowAt = (step: string, over: Partial<FlowView> = {}): FlowView => ({
  workflow: 'develop',
  started: true,
  state: 'applicant',
  stateName: '入党申请人',
  step,
  current: step,
  status: 'process',
  version: 4,
  actingOrgName: '计算机学院本科生第一党支部',
  actingRole: '党支部',
  steps: CHAIN.map((k) => ({ key: k, title: k, description: '党支部' })),
  entries: [
    { id: 1, time: '2025-09-01T08:00:00Z', actorName: '王书记', action: 'submit', actorId: 2, role: '党支部', orgName: '', fileIds: [], attachments: [] },
  ],
  mayAct: true,
  results: ['approve', 'reject', 'return'],
  returnTo: [],
  ...over,
})

const CONFIG = {
  version: 1,
  config: {
    steps: [],
    rules: {
      minAge: 18, talkWithinMonths: 1, activistMinMonths: 12, reviewEveryMonths: 6, trainingMinHours: 24, trainingMinDays: 3,
      politicalReviewMonths: 12, meetingAfterPreMonths: 1, reportRediscussMonths: 3, reportRestartMonths: 6, approvalNormalMonths: 3,
      approvalMaxMonths: 6, probationMonths: 12, extensionMinMonths: 6, extensionMaxMonths: 12, fullApprovalMonths: 3, noticeWorkdays: 5,
      leavingMonths: 3, contactPersons: 2, sponsors: 2, planRequired: true,
    },
  },
  versions: [],
}

let mock: MockAdapter
let acts: Record<string, unknown>[]
let actAnswer: [number, unknown]
const serve = (record: RecordDetail, flow: FlowView) => {
  mock.onGet('/api/fzdy/1').reply(200, record)
  mock.onGet('/api/fzdy/1/flow').reply(200, flow)
}
beforeEach(() => {
  mock = mockApi()
  acts = []
  actAnswer = [200, flowAt('activist')]
  mock.onGet('/api/fzdy/config').reply(200, CONFIG)
  mock.onGet('/api/fzdy/1/reviews').reply(200, [])
  mock.onGet('/api/fzdy/1/trainings').reply(200, [])
  mock.onGet('/api/dictDetail/map').reply(200, { DEV_REVIEW_RESULT: [{ label: '合格', value: '2' }] })
  mock.onPost('/api/fzdy/1/flow').reply((c) => {
    acts.push(body(c) as Record<string, unknown>)
    return actAnswer
  })
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/develop/record?id=1']}>
      <DevelopRecordPage />
    </MemoryRouter>,
  )

/** Types a date into the step form's 办理日期 (or another date input of that id). */
const typeDate = (id: string, value: string) => {
  const input = document.querySelector<HTMLInputElement>(`input#${id}`)!
  fireEvent.mouseDown(input)
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.keyDown(input, { key: 'Enter' })
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))
const fieldError = (text: string | RegExp) => screen.findByText(text, { selector: '.ant-form-item-explain-error' })

describe('develop/record', { timeout: 30_000 }, () => {
  it('shows the header and the 25 steps: done with date and who, the current one, untracked ones greyed', async () => {
    signIn(['fzdy:list'])
    serve(
      devDetail({
        stage: 'target',
        stageName: '发展对象',
        step: 'sponsors',
        stepName: '确定入党介绍人',
        configVersion: 2,
        volunteerNo: null,
        memberId: 55,
        steps: [{ step: 'talk', no: 2, name: '党组织派人谈话', doneOn: '2025-09-20', data: {}, userName: '王书记' }],
        flagList: [{ step: 'talk', rule: '入党申请人谈话', reason: '寒假离校' }],
      }),
      flowAt('sponsors', { mayAct: false }),
    )
    renderPage()
    expect(await screen.findByText('发展对象', { selector: '.ant-tag' })).toBeTruthy()
    expect(screen.getByText('第 2 版')).toBeTruthy()
    expect(screen.getByText('查看党员信息')).toBeTruthy()
    expect(screen.getByText(/寒假离校/)).toBeTruthy()
    const stepItem = (key: string) => document.querySelector(`[data-step="${key}"]`)!.closest('.ant-steps-item') as HTMLElement
    expect(within(stepItem('talk')).getByText('2025-09-20 · 王书记')).toBeTruthy()
    expect(stepItem('talk').className).toMatch(/finish/)
    expect(stepItem('sponsors').className).toMatch(/process/)
    expect(within(stepItem('activistFiling')).getByText('本校不跟踪此环节')).toBeTruthy()
    expect(stepItem('activistFiling').className).toMatch(/disabled/)
    // Who may not act sees who does.
    expect(screen.getByText(/待计算机学院本科生第一党支部（党支部）办理/)).toBeTruthy()
  })

  it('② talk: a late date asks for the reason, the form goes with the action, and a rule’s refusal shows at its field', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    serve(devDetail({ appliedOn: '2025-09-01' }), flowAt('talk'))
    renderPage()
    await screen.findByText('谈话人')
    submit()
    expect(await fieldError('请选择办理日期')).toBeTruthy()
    expect(await fieldError('请输入谈话人')).toBeTruthy()
    expect(acts).toEqual([])
    // More than a month after the application: the reason is asked for.
    expect(screen.getByText('逾期原因（逾期办理时填写）')).toBeTruthy()
    expect(screen.queryByText('请填写逾期原因')).toBeNull()
    typeDate('date', '2025-10-15')
    expect(await screen.findByText('逾期原因')).toBeTruthy()
    submit()
    expect(await fieldError('请填写逾期原因')).toBeTruthy()
    expect(acts).toEqual([])
    fireEvent.change(document.querySelector('input#talker')!, { target: { value: '王书记' } })
    fireEvent.change(document.querySelector('textarea#content')!, { target: { value: '了解入党动机' } })
    fireEvent.change(document.querySelector('textarea#lateReason')!, { target: { value: '国庆假期' } })
    actAnswer = [400, { status: 400, code: 'FLOW_RULE', field: 'date', message: '不符合「办理日期有效」：办理日期不能早于上一环节的日期 2025-10-20' }]
    submit()
    await waitFor(() => expect(acts).toHaveLength(1))
    expect(acts[0]).toEqual({
      version: 4,
      result: 'approve',
      comment: '',
      fileIds: [],
      form: { date: '2025-10-15', talker: '王书记', content: '了解入党动机', lateReason: '国庆假期' },
    })
    expect(await fieldError(/办理日期不能早于上一环节的日期 2025-10-20/)).toBeTruthy()
  })

  it('names the documents the record’s configuration requires of the current step', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    mock.onGet('/api/fzdy/config').reply(200, { ...CONFIG, config: { ...CONFIG.config, steps: [{ key: 'talk', tracked: true, dueDays: 30, docs: ['谈话记录', '思想汇报'] }] } })
    serve(devDetail({ appliedOn: '2025-09-01' }), flowAt('talk'))
    renderPage()
    expect(await screen.findByText('本环节需上传：谈话记录、思想汇报')).toBeTruthy()
    expect(screen.getByText(/文件名中含材料名称（如“谈话记录.pdf”）/)).toBeTruthy()
  })

  it('a refusal needs only the date and the reason, not what an approval records', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    serve(devDetail(), flowAt('talk'))
    renderPage()
    await screen.findByText('谈话人')
    fireEvent.click(screen.getByRole('radio', { name: '不通过' }))
    typeDate('date', '2025-09-10')
    fireEvent.change(screen.getByPlaceholderText('请输入办理意见'), { target: { value: '本人撤回申请' } })
    submit()
    await waitFor(() => expect(acts).toHaveLength(1))
    expect(acts[0]).toMatchObject({ result: 'reject', comment: '本人撤回申请', form: { date: '2025-09-10' } })
  })

  it('⑮ branch meeting: 应到 is the roster the server counts on the date (read-only), and the quorum and the majority are checked as the votes are typed', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    const asked: unknown[] = []
    mock.onGet('/api/fzdy/1/voters').reply((c) => {
      asked.push(c.params)
      return [200, { step: 'branchMeeting', by: 'branch', orgName: '计算机学院本科生第一党支部', date: '2025-09-10', shouldAttend: 10, fixed: true }]
    })
    serve(devDetail({ stage: 'target', step: 'branchMeeting' }), flowAt('branchMeeting'))
    renderPage()
    await screen.findByText('应到会人数')
    typeDate('date', '2025-09-10')
    const should = document.querySelector<HTMLInputElement>('input#shouldAttend')!
    await waitFor(() => expect(should.value).toBe('10'))
    expect(should.disabled).toBe(true)
    expect(asked).toEqual([{ date: '2025-09-10' }])
    expect(screen.getByText(/计算机学院本科生第一党支部 2025-09-10 有表决权的正式党员/)).toBeTruthy()
    const num = (id: string, v: string) => fireEvent.change(document.querySelector(`input#${id}`)!, { target: { value: v } })
    num('present', '5')
    num('agree', '5')
    expect(await screen.findByText('到会人数须超过应到会人数的半数（至少 6 人）')).toBeTruthy()
    expect(screen.getByText('赞成票须超过应到会人数的半数（至少 6 票）')).toBeTruthy()
    num('present', '6')
    num('agree', '6')
    expect(await screen.findByText('到会 6 人，超过应到会人数半数')).toBeTruthy()
    expect(screen.getByText('赞成 6 票，超过应到会人数半数')).toBeTruthy()
    num('against', '1')
    expect(await screen.findByText('赞成、反对、弃权合计 7，超过实到会人数与书面意见数之和')).toBeTruthy()
    // A written opinion of a member who could not attend counts as a vote (细则第二十一条).
    num('written', '1')
    await waitFor(() => expect(screen.queryByText(/超过实到会人数与书面意见数之和/)).toBeNull())
    num('written', '5')
    expect(await screen.findByText('实到与书面意见合计 11，超过应到会人数 10')).toBeTruthy()
  })

  it('⑰ committee approval: the committee’s recorded members, those present and agreeing (细则第二十四条)', async () => {
    signIn(['fzdy:list', 'fzdy:committee'])
    mock.onGet('/api/fzdy/1/voters').reply(200, { step: 'committeeApproval', by: 'committee', orgName: '计算机学院党委', date: '2025-09-10', shouldAttend: 7, fixed: true })
    serve(devDetail({ stage: 'target', step: 'committeeApproval', admittedOn: '2025-08-20' }), flowAt('committeeApproval'))
    renderPage()
    await screen.findByText('应到会委员')
    typeDate('date', '2025-09-10')
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input#shouldAttend')!.value).toBe('7'))
    fireEvent.change(document.querySelector('input#present')!, { target: { value: '3' } })
    fireEvent.change(document.querySelector('input#agree')!, { target: { value: '3' } })
    expect(await screen.findByText('到会人数须超过应到会委员的半数（至少 4 人）')).toBeTruthy()
    submit()
    await waitFor(() => expect(acts).toHaveLength(1))
    expect(acts[0].form).toMatchObject({ date: '2025-09-10', shouldAttend: 7, present: 3, agree: 3 })
  })

  it('㉓ a probation extended once cannot be extended again (细则第三十二条)', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    serve(devDetail({ stage: 'probationary', step: 'fullMeeting', probationEndsOn: '2026-06-01', extensions: 1 }), flowAt('fullMeeting'))
    renderPage()
    await screen.findByText('讨论结果')
    expect(screen.getByText('预备期已延长过一次，不能再次延长（细则第三十二条）')).toBeTruthy()
    expect((screen.getByRole('radio', { name: '延长预备期' }) as HTMLInputElement).disabled).toBe(true)
  })

  it('㉓ full meeting: an extension is 6 to 12 months', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    serve(devDetail({ stage: 'probationary', step: 'fullMeeting', probationEndsOn: '2026-06-01' }), flowAt('fullMeeting'))
    renderPage()
    await screen.findByText('讨论结果')
    fireEvent.click(screen.getByRole('radio', { name: '延长预备期' }))
    const months = (await screen.findByText('延长预备期（月）')).closest('.ant-form-item')!.querySelector('input')!
    fireEvent.change(months, { target: { value: '5' } })
    submit()
    expect(await fieldError('预备期延长 6 至 12 个月')).toBeTruthy()
    expect(acts).toEqual([])
  })

  it('⑤ contacts: the member picker, and the server’s refusal at the pickers’ field', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    mock.onGet('/api/common/dyjbxx').reply(200, { content: [{ id: 90, name: '陈老师', orgName: '教工党支部' }], totalElements: 1 })
    serve(devDetail({ stage: 'activist', step: 'contacts' }), flowAt('contacts'))
    renderPage()
    await screen.findByText('培养联系人')
    typeDate('date', '2025-09-10')
    const picker = document.querySelector<HTMLInputElement>('input#contactIds')!
    fireEvent.focus(picker)
    fireEvent.mouseDown(picker)
    fireEvent.click(await screen.findByText('陈老师（教工党支部）', { selector: '.ant-select-item-option-content' }))
    actAnswer = [400, { status: 400, code: 'FLOW_RULE', field: 'contactIds', message: '不符合「培养联系人为正式党员」：陈老师是预备党员' }]
    submit()
    await waitFor(() => expect(acts).toHaveLength(1))
    expect(acts[0].form).toEqual({ date: '2025-09-10', contactIds: [90] })
    expect(await fieldError(/陈老师是预备党员/)).toBeTruthy()
  })

  it('adds a review in 考察记录', async () => {
    signIn(['fzdy:list', 'fzdy:branch'])
    serve(devDetail({ stage: 'activist', step: 'cultivate' }), flowAt('cultivate', { mayAct: false }))
    const sent: unknown[] = []
    mock.onPost('/api/fzdy/1/reviews').reply((c) => {
      sent.push(body(c))
      return [201, {}]
    })
    renderPage()
    fireEvent.click(await screen.findByRole('tab', { name: '考察记录' }))
    expect(await screen.findByText(/暂无考察记录/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '新增考察记录' }))
    const dialog = await findDialog('新增考察记录')
    typeDate('reviewedOn', '2026-03-01')
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[1])
    fireEvent.click(await screen.findByText('合格', { selector: '.ant-select-item-option-content' }))
    fireEvent.change(dialog.querySelector('textarea#content')!, { target: { value: '表现良好' } })
    ok(dialog)
    await waitFor(() => expect(sent).toEqual([{ kind: 'activist', reviewedOn: '2026-03-01', result: '2', reviewer: '', content: '表现良好' }]))
  })

  it('edits the leaving date and remark, and deletes a record not yet in the member base', async () => {
    signIn(['fzdy:list', 'fzdy:edit', 'fzdy:del'])
    serve(devDetail({ leavingOn: '2027-06-30', remark: '' }), flowAt('talk', { mayAct: false }))
    const updates: unknown[] = []
    mock.onPut('/api/fzdy').reply((c) => {
      updates.push(body(c))
      return [200, {}]
    })
    const deletes: unknown[] = []
    mock.onDelete('/api/fzdy').reply((c) => {
      deletes.push(body(c))
      return [200, {}]
    })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }))
    const dialog = (await screen.findByText('编辑：李明')).closest('.ant-modal') as HTMLElement
    fireEvent.change(dialog.querySelector('textarea#remark')!, { target: { value: '转专业' } })
    ok(dialog)
    await waitFor(() => expect(updates).toEqual([{ id: 1, leavingOn: '2027-06-30', remark: '转专业' }]))
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText(/确定删除发展党员记录“李明”吗？/)).toBeTruthy()
    fireEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!)
    await waitFor(() => expect(deletes).toEqual([[1]]))
  })

  it('offers no 删除 once the person is in the member base', async () => {
    signIn(['fzdy:list', 'fzdy:del'])
    serve(devDetail({ stage: 'probationary', memberId: 9 }), flowAt('oath', { mayAct: false }))
    renderPage()
    await screen.findByText('查看党员信息')
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
  })

  it('says so when the record is out of reach', async () => {
    signIn(['fzdy:list'])
    mock.onGet('/api/fzdy/1').reply(404, { status: 404, message: '发展党员记录不存在' })
    mock.onGet('/api/fzdy/1/flow').reply(404, { status: 404, message: '发展党员记录不存在' })
    renderPage()
    expect(await screen.findByText('发展党员记录不存在或不在您的管理范围内')).toBeTruthy()
  })
})
