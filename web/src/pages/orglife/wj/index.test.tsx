import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Detail, View } from '@/api/generated/survey'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import QuestionnairePage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const view = (over: Partial<View> = {}): View => ({
  id: 1, orgId: 2, title: '支部工作满意度调查', anonymous: false, shareType: 3, state: 0, closesAt: null, audience: 0, codes: 0,
  answered: 0, createdBy: 'admin', publishedAt: null, stoppedAt: null, createTime: '2026-11-30T01:00:00Z', updateTime: '2026-11-30T01:00:00Z',
  meetingId: null, orgName: '计算机学院党委', stateName: '未发布', shareTypeName: '按党组织', over: false, link: '', ...over,
})
const all = ['wj:list', 'wj:add', 'wj:edit', 'wj:del', 'wj:publish', 'wj:stop', 'wj:result', 'wj:export']
const at = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/orglife/wj']}>
      <QuestionnairePage />
    </MemoryRouter>,
  )

describe('问卷管理', { timeout: 30_000 }, () => {
  it('offers each questionnaire the actions of its state and the caller’s permissions', async () => {
    signIn(all)
    mock.onGet('/api/wj').reply(200, page([
      view(),
      view({ id: 2, title: '匿名测评', anonymous: true, state: 2, stateName: '已停止', audience: 40, answered: 31 }),
      view({ id: 3, title: '收集中的问卷', state: 1, stateName: '收集中', audience: 10, answered: 3, link: '/questionnaire/s/abc' }),
      view({ id: 4, title: '会议回执：学习党章', state: 1, stateName: '收集中', shareType: 1, audience: 5, link: '/questionnaire/s/def', meetingId: 8 }),
    ]))
    at()
    const draft = (await screen.findByText('支部工作满意度调查')).closest('tr')!
    for (const b of ['编辑', '发布', '删除']) expect(within(draft).getByRole('button', { name: b })).toBeTruthy()
    expect(within(draft).queryByRole('button', { name: '结果' })).toBeNull()
    const stopped = screen.getByText('匿名测评').closest('tr')!
    expect(within(stopped).getByText('31 / 40')).toBeTruthy()
    expect(within(stopped).getByRole('button', { name: '结果' })).toBeTruthy()
    expect(within(stopped).queryByRole('button', { name: '重新开始' })).toBeNull() // anonymous: closed for good
    expect(within(stopped).queryByRole('button', { name: '删除' })).toBeNull()
    const open = screen.getByText('收集中的问卷').closest('tr')!
    for (const b of ['复制链接', '停止', '结果', '导出']) expect(within(open).getByRole('button', { name: b })).toBeTruthy()
    // A meeting's receipt stays with its meeting: marked, never deleted, even unanswered.
    const receipt = screen.getByText('会议回执：学习党章').closest('tr')!
    expect(within(receipt).getByText('会议回执')).toBeTruthy()
    expect(within(receipt).queryByRole('button', { name: '删除' })).toBeNull()
    expect(within(open).queryByText('会议回执')).toBeNull()
  })

  it('shows only reading to a caller with wj:list alone, and says why the list is empty', async () => {
    signIn(['wj:list'])
    mock.onGet('/api/wj').reply(200, page([]))
    at()
    expect(await screen.findByText(/暂无问卷/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: '新建问卷' })).toBeNull()
  })

  it('designs questions of several kinds; saving wants the publishing organisation', async () => {
    signIn(all)
    mock.onGet('/api/wj').reply(200, page([]))
    const sent: unknown[] = []
    mock.onPost('/api/wj').reply((c) => {
      sent.push(body(c))
      return [201, { ...view(), paper: { title: 't', questions: [] }, targets: {}, targetNames: [] } satisfies Detail]
    })
    at()
    fireEvent.click(await screen.findByRole('button', { name: '新建问卷' }))
    const drawer = within(await screen.findByRole('dialog'))
    fireEvent.change(drawer.getByLabelText('问卷标题'), { target: { value: '满意度调查' } })
    fireEvent.change(drawer.getByLabelText('第1题题目'), { target: { value: '是否满意' } })
    fireEvent.change(drawer.getByLabelText('选项1'), { target: { value: '满意' } })
    fireEvent.change(drawer.getByLabelText('选项2'), { target: { value: '不满意' } })
    fireEvent.click(drawer.getByRole('button', { name: /填空题/ }))
    fireEvent.change(drawer.getByLabelText('第2题题目'), { target: { value: '意见建议' } })
    fireEvent.click(drawer.getByRole('button', { name: /保\s*存/ }))
    // 发布党组织 is required: nothing is sent without it.
    expect(await screen.findByText('请选择发布问卷的党组织')).toBeTruthy()
    expect(sent).toEqual([])
    await waitFor(() => expect(drawer.getByLabelText('第2题题型')).toBeTruthy())
  })
})
