import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { expander, findDialog, ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { result, round } from '../khfa/fixtures'
import ResultsTable from './ResultsTable'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

describe('gb/kh results', { timeout: 30_000 }, () => {
  it('shows score, a column per group of the definition, rank and grades; a row opens to its indicators', async () => {
    signIn(['gbkh:list'])
    mock.onGet('/api/gbkh/rounds/5/results').reply(200, page([result(), result({ id: 32, name: '李明', score: '85.10', rank: 2, autoGrade: '称职', grade: '优秀', reason: '年度重大贡献', groups: { xld: '86.00' } })]))
    renderWithApp(<ResultsTable round={round()} onChanged={() => undefined} />)
    const first = (await screen.findByText('王超')).closest('tr') as HTMLElement
    expect(screen.getByText('校领导', { selector: 'th' })).toBeTruthy()
    expect(screen.getByText('教职工代表', { selector: 'th' })).toBeTruthy()
    expect(within(first).getByText('91.25')).toBeTruthy()
    expect(within(first).getByText('93.00')).toBeTruthy()
    expect(within(first).getByText('90.08')).toBeTruthy()
    const second = screen.getByText('李明').closest('tr') as HTMLElement
    expect(within(second).getByText('年度重大贡献')).toBeTruthy()
    expect(within(second).getByText('称职')).toBeTruthy()
    expect(within(second).getByText('优秀')).toBeTruthy()
    // A group without a ballot for the cadre has no score.
    expect(within(second).getAllByText('—').length).toBeGreaterThan(0)
    // 调整等次 and 导出 only with their permissions.
    expect(screen.queryByRole('button', { name: '调整等次' })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
    fireEvent.click(expander(first)!)
    expect(await screen.findByText('能 › 业务能力')).toBeTruthy()
    expect(screen.getByText('88.50')).toBeTruthy()
    expect(screen.getByText('教职工代表有效票')).toBeTruthy()
  })

  it('调整等次 asks a reason and sends the grade with the round\'s version', async () => {
    signIn(['gbkh:list', 'gbkh:grade', 'gbkh:export'])
    mock.onGet('/api/gbkh/rounds/5/results').reply(200, page([result()]))
    const sent: unknown[] = []
    mock.onPost('/api/gbkh/rounds/5/adjust').reply((c) => {
      sent.push(body(c))
      return [200, {}]
    })
    renderWithApp(<ResultsTable round={round()} onChanged={() => undefined} />)
    fireEvent.click(await screen.findByRole('button', { name: '调整等次' }))
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy()
    const dialog = await findDialog('调整等次 · 王超')
    ok(dialog)
    expect(await within(dialog).findByText('请输入调整理由')).toBeTruthy()
    expect(sent).toEqual([])
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '优秀名额已满，经党委研究调整' } })
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ updateTime: '2026-12-10T08:00:00Z', grades: [{ id: 31, grade: '优秀', reason: '优秀名额已满，经党委研究调整' }] })
  })

  it('tags a row with an appeal: a pending one in orange, an answered one plain', async () => {
    signIn(['gbkh:list'])
    mock.onGet('/api/gbkh/rounds/5/results').reply(200, page([
      result({ appealState: 'pending' }),
      result({ id: 32, name: '李明', appealState: 'changed' }),
      result({ id: 33, name: '赵敏' }),
    ]))
    renderWithApp(<ResultsTable round={round()} onChanged={() => undefined} />)
    const pending = within((await screen.findByText('王超')).closest('tr') as HTMLElement).getByText('待答复')
    expect(pending.className).toContain('ant-tag-orange')
    const changed = within(screen.getByText('李明').closest('tr') as HTMLElement).getByText('已调整等次')
    expect(changed.className).not.toContain('ant-tag-orange')
    expect(within(screen.getByText('赵敏').closest('tr') as HTMLElement).queryByText(/待答复|维持原等次|已调整等次/)).toBeNull()
  })

  it('says why the table is empty', async () => {
    signIn(['gbkh:list'])
    mock.onGet('/api/gbkh/rounds/5/results').reply(200, page([]))
    renderWithApp(<ResultsTable round={round()} onChanged={() => undefined} />)
    expect(await screen.findByText('本次考核没有参评干部')).toBeTruthy()
  })
})
