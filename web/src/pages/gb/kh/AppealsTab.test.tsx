import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, signIn } from '@/test/api'
import { findDialog, ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { result, round } from '../khfa/fixtures'
import AppealsTab from './AppealsTab'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const pending = result({ appealState: 'pending', appealReason: '本人年度承担两项重大任务，评分未体现', appealAt: '2026-12-11T02:30:00Z' })
const kept = result({
  id: 32, name: '李明', grade: '称职', autoGrade: '称职', appealState: 'kept', appealReason: '测评人员构成不合理，请复核',
  appealAt: '2026-12-11T03:00:00Z', appealReply: '经复核测评程序符合规定', appealBy: '组织部 张三',
})

/** Opens the answer dialog of 王超's pending appeal. */
async function openAnswer() {
  fireEvent.click(within(row('王超')).getByRole('button', { name: '答复' }))
  return findDialog('答复申诉 · 王超')
}

describe('gb/kh appeals', { timeout: 30_000 }, () => {
  it('lists the appeals with their state and reply; 答复 only for a pending one with gbkh:grade while counted', async () => {
    signIn(['gbkh:list', 'gbkh:grade'])
    mock.onGet('/api/gbkh/rounds/5/appeals').reply(200, [pending, kept])
    renderWithApp(<AppealsTab round={round()} onChanged={() => undefined} />)
    const first = (await screen.findByText('王超')).closest('tr') as HTMLElement
    expect(within(first).getByText('计算机学院')).toBeTruthy()
    expect(within(first).getByText('本人年度承担两项重大任务，评分未体现')).toBeTruthy()
    expect(within(first).getByText('待答复')).toBeTruthy()
    expect(within(first).getByText('优秀')).toBeTruthy()
    const second = row('李明')
    expect(within(second).getByText('维持原等次')).toBeTruthy()
    expect(within(second).getByText('经复核测评程序符合规定')).toBeTruthy()
    expect(within(second).getByText('组织部 张三')).toBeTruthy()
    expect(within(second).queryByRole('button', { name: '答复' })).toBeNull()
    expect(within(first).getByRole('button', { name: '答复' })).toBeTruthy()
  })

  it('answers nothing without gbkh:grade or once confirmed, and says when there is no appeal', async () => {
    signIn(['gbkh:list'])
    mock.onGet('/api/gbkh/rounds/5/appeals').reply(200, [pending])
    const { unmount } = renderWithApp(<AppealsTab round={round()} onChanged={() => undefined} />)
    expect(await screen.findByText('王超')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '答复' })).toBeNull()
    unmount()
    signIn(['gbkh:list', 'gbkh:grade'])
    const confirmed = renderWithApp(<AppealsTab round={round({ state: 'confirmed' })} onChanged={() => undefined} />)
    expect(await screen.findByText('王超')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '答复' })).toBeNull()
    confirmed.unmount()
    mock.onGet('/api/gbkh/rounds/5/appeals').reply(200, [])
    renderWithApp(<AppealsTab round={round()} onChanged={() => undefined} />)
    expect(await screen.findByText('本次考核没有申诉')).toBeTruthy()
  })

  it('维持原等次 sends the reply with the round\'s version, and reloads', async () => {
    signIn(['gbkh:list', 'gbkh:grade'])
    mock.onGet('/api/gbkh/rounds/5/appeals').reply(200, [pending])
    const sent: unknown[] = []
    mock.onPost('/api/gbkh/rounds/5/appeals/31').reply((c) => {
      sent.push(body(c))
      return [200, round()]
    })
    let changed = 0
    renderWithApp(<AppealsTab round={round()} onChanged={() => changed++} />)
    await screen.findByText('王超')
    const dialog = await openAnswer()
    ok(dialog)
    expect(await within(dialog).findByText('请填写答复意见')).toBeTruthy()
    expect(sent).toEqual([])
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '  经复核，评分无误  ' } })
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ updateTime: '2026-12-10T08:00:00Z', change: false, reply: '经复核，评分无误' })
    await waitFor(() => expect(changed).toBe(1))
  })

  it('调整等次 asks a grade other than the current one and shows the server\'s cap refusal at the grade', async () => {
    signIn(['gbkh:list', 'gbkh:grade'])
    mock.onGet('/api/gbkh/rounds/5/appeals').reply(200, [pending])
    const sent: Record<string, unknown>[] = []
    mock.onPost('/api/gbkh/rounds/5/appeals/31').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return sent.length === 1 ? [400, { status: 400, message: '优秀人数超过比例上限（最多1人）', field: 'grade' }] : [200, round()]
    })
    renderWithApp(<AppealsTab round={round({ updateTime: '2026-12-12T09:00:00Z' })} onChanged={() => undefined} />)
    await screen.findByText('王超')
    const dialog = await openAnswer()
    fireEvent.click(within(dialog).getByLabelText('调整等次'))
    const grade = await within(dialog).findByRole('combobox')
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '经党委复议调整' } })
    ok(dialog)
    expect(await within(dialog).findByText('请选择调整后的等次')).toBeTruthy()
    // The current grade is no change.
    fireEvent.mouseDown(grade)
    fireEvent.click(await screen.findByTitle('优秀'))
    ok(dialog)
    expect(await within(dialog).findByText('请选择与原等次不同的等次')).toBeTruthy()
    expect(sent).toEqual([])
    fireEvent.mouseDown(grade)
    fireEvent.click(await screen.findByTitle('称职'))
    ok(dialog)
    // The cap is the server's to judge: its refusal shows at the grade and keeps the dialog.
    expect(await within(dialog).findByText('优秀人数超过比例上限（最多1人）')).toBeTruthy()
    expect(sent[0]).toEqual({ updateTime: '2026-12-12T09:00:00Z', change: true, grade: '称职', reply: '经党委复议调整' })
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(2))
  })
})
