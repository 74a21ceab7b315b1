import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERM } from '@/api/permissions'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import ActionPanel from './ActionPanel'
import type { FlowView } from './types'

const VIEW: FlowView = {
  workflow: 'sample',
  started: true,
  state: 'approval',
  stateName: '审批中',
  step: 'committee',
  current: 'committee',
  status: 'process',
  version: 3,
  actingOrgId: 2,
  actingOrgName: '计算机学院党委',
  actingRole: '二级党委',
  steps: [
    { key: 'branch', title: '支部审核', description: '党支部' },
    { key: 'committee', title: '二级党委审批', description: '二级党委' },
    { key: 'department', title: '组织部审批', description: '组织部' },
  ],
  entries: [],
  mayAct: true,
  results: ['approve', 'reject', 'return'],
  returnTo: [{ key: 'branch', title: '支部审核', description: '党支部' }],
}

const URL = '/api/sample/7/flow'
let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn(['admin'], { nickName: '王书记' })
})
afterEach(() => mock.restore())

/** Answers the action with the flow after it and keeps the bodies sent. */
function acting(next: Partial<FlowView> = { step: 'department', version: 4 }) {
  const sent: unknown[] = []
  mock.onPost(URL).reply((c) => {
    sent.push(body(c))
    return [200, { ...VIEW, ...next }]
  })
  return sent
}

const choose = (label: RegExp) => fireEvent.click(screen.getByRole('radio', { name: label }))
const comment = (text: string) => fireEvent.change(screen.getByPlaceholderText('请输入办理意见'), { target: { value: text } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))

describe('ActionPanel', { timeout: 20_000 }, () => {
  it('approves with the version it showed, the comment and no files, then hands over the new flow', async () => {
    const sent = acting()
    const onDone = vi.fn()
    renderWithApp(<ActionPanel base="/api/sample" id={7} view={VIEW} onDone={onDone} />)
    expect(screen.getByText('办理「二级党委审批」')).toBeTruthy()
    expect(screen.getByRole('radio', { name: '通过' })).toHaveProperty('checked', true)
    comment('  同意上报  ')
    submit()
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([{ version: 3, result: 'approve', comment: '同意上报', fileIds: [] }])
    expect(onDone.mock.calls[0][0]).toMatchObject({ step: 'department', version: 4 })
    expect(await screen.findByText('办理成功')).toBeTruthy()
  })

  it('退回 offers the earlier steps, the previous one first, and needs a reason', async () => {
    const sent = acting({ step: 'branch', version: 4 })
    const onDone = vi.fn()
    renderWithApp(<ActionPanel base="/api/sample" id={7} view={VIEW} onDone={onDone} />)
    expect(screen.queryByText('退回至')).toBeNull()
    choose(/退\s*回/)
    expect(await screen.findByText('退回至')).toBeTruthy()
    expect(screen.getByText('支部审核（党支部）')).toBeTruthy()
    submit()
    expect(await screen.findByText('请填写退回的理由')).toBeTruthy()
    expect(sent).toEqual([])
    comment('缺少谈话记录')
    submit()
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([{ version: 3, result: 'return', toStep: 'branch', comment: '缺少谈话记录', fileIds: [] }])
  })

  it('不通过 needs a reason; nothing is sent without one', async () => {
    const sent = acting({ step: '', state: 'rejected', version: 4 })
    renderWithApp(<ActionPanel base="/api/sample" id={7} view={VIEW} onDone={vi.fn()} />)
    choose(/不通过/)
    comment('   ')
    submit()
    expect(await screen.findByText('请填写不通过的理由')).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('offers only the results the step allows', () => {
    renderWithApp(<ActionPanel base="/api/sample" id={7} view={{ ...VIEW, results: ['approve', 'reject'], returnTo: [] }} onDone={vi.fn()} />)
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['通过', '不通过'])
  })

  it('a step someone dealt with meanwhile (409) asks the page to reload', async () => {
    mock.onPost(URL).reply(409, { status: 409, message: '该环节已被他人处理，请刷新后查看' })
    const onDone = vi.fn()
    const onStale = vi.fn()
    renderWithApp(<ActionPanel base="/api/sample" id={7} view={VIEW} onDone={onDone} onStale={onStale} />)
    submit()
    await waitFor(() => expect(onStale).toHaveBeenCalledTimes(1))
    expect(onDone).not.toHaveBeenCalled()
  })

  it('sends the ids of the files uploaded with the action, tagged with the step', async () => {
    signIn([PERM.dyEdit])
    const uploads: FormData[] = []
    mock.onPost('/api/file/upload').reply((c) => {
      uploads.push(c.data as FormData)
      return [201, { id: 31, name: '会议记录.pdf', size: 9, contentType: 'application/pdf', moduleName: 'sample', tag: 'committee', createTime: '2026-03-01T08:00:00Z' }]
    })
    const sent = acting()
    const onDone = vi.fn()
    renderWithApp(<ActionPanel base="/api/sample" id={7} view={VIEW} onDone={onDone} uploadPerm={PERM.dyEdit} moduleName="sample" />)
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!
    fireEvent.change(input, { target: { files: [new File(['x'], '会议记录.pdf', { type: 'application/pdf' })] } })
    expect(await screen.findByText('会议记录.pdf')).toBeTruthy()
    expect([uploads[0].get('moduleName'), uploads[0].get('tag')]).toEqual(['sample', 'committee'])
    submit()
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([{ version: 3, result: 'approve', comment: '', fileIds: [31] }])
  })

  it("sends the step's own fields, and a field that does not validate stops the action", async () => {
    const sent = acting()
    const collect = vi.fn().mockRejectedValueOnce(new Error('invalid')).mockResolvedValueOnce({ meetingDate: '2026-03-01' })
    const onDone = vi.fn()
    renderWithApp(
      <ActionPanel base="/api/sample" id={7} view={VIEW} onDone={onDone} collectForm={collect}>
        <div>会议日期</div>
      </ActionPanel>,
    )
    expect(screen.getByText('会议日期')).toBeTruthy()
    submit()
    await waitFor(() => expect(collect).toHaveBeenCalledTimes(1))
    // The step's form hears the chosen result: a refusal need not fill what only an approval records.
    expect(collect).toHaveBeenCalledWith('approve')
    expect(sent).toEqual([])
    submit()
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([{ version: 3, result: 'approve', comment: '', fileIds: [], form: { meetingDate: '2026-03-01' } }])
  })

  it('tells who acts when the caller may not, and shows nothing once the flow ended', () => {
    const { unmount } = renderWithApp(<ActionPanel base="/api/sample" id={7} view={{ ...VIEW, mayAct: false, results: [] }} onDone={vi.fn()} />)
    expect(screen.getByText('待计算机学院党委（二级党委）办理「二级党委审批」')).toBeTruthy()
    expect(screen.queryByRole('radio')).toBeNull()
    unmount()
    const ended = renderWithApp(<ActionPanel base="/api/sample" id={7} view={{ ...VIEW, step: '', state: 'passed', status: 'finish' }} onDone={vi.fn()} />)
    expect(ended.container.textContent).toBe('')
  })
})
