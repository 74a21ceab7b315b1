import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Question } from '@/api/generated/question'
import { body, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { findDialog, ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import QuestionBankPage from './index'

const question = (over: Partial<Question> = {}): Question => ({
  id: 1,
  createTime: '2026-11-30T08:00:00Z',
  updateTime: '2026-11-30T08:00:00Z',
  orgId: 7,
  orgName: '学校党委',
  type: 0,
  typeName: '单选题',
  stem: '中国共产党成立于哪一年？',
  options: [
    { key: 'A', text: '1919年' },
    { key: 'B', text: '1921年' },
    { key: 'C', text: '1927年' },
  ],
  answer: 'B',
  analysis: '1921年党的一大召开。',
  tags: '党史、党的创立',
  difficulty: 1,
  difficultyName: '易',
  enabled: true,
  above: false,
  ...over,
})

const multiple = question({ id: 2, type: 1, typeName: '多选题', stem: '党的纪律包括哪些？', answer: 'AB' })
const judge = question({ id: 3, type: 2, typeName: '判断题', stem: '预备党员的预备期为一年。', options: [], answer: 'T' })
const fill = question({ id: 4, type: 3, typeName: '填空题', stem: '党的最高领导机关是党的______和它所产生的______。', options: [], answer: '[["全国代表大会"],["中央委员会"]]' })
const short = question({ id: 5, type: 4, typeName: '简答题', stem: '简述入党誓词。', options: [], answer: '我志愿加入中国共产党', enabled: false })

let mock: MockAdapter
let queries: Record<string, unknown>[]
let updated: Record<string, unknown>[]
beforeEach(() => {
  ;({ mock, queries } = mockListApi('/api/tk', [question(), multiple, judge, fill, short], { pages: { '/api/common/dzz': [] } }))
  updated = []
  mock.onPut('/api/tk').reply((c) => {
    updated.push(body(c) as Record<string, unknown>)
    return [200, question()]
  })
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <QuestionBankPage />
    </MemoryRouter>,
  )

/** Opens the edit form of the row showing stem. */
const edit = async (stem: string) => {
  const row = (await screen.findByText(stem)).closest('tr') as HTMLElement
  fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }))
  return (await screen.findByText(/编辑题目/)).closest('.ant-drawer') as HTMLElement
}

describe('dx/tk', { timeout: 30_000 }, () => {
  it('lists the questions with their keys as people read them; filters by type; only holders see 新增 and 导入', async () => {
    signIn(['tk:list'])
    renderPage()
    expect(await screen.findByText('中国共产党成立于哪一年？')).toBeTruthy()
    expect(screen.getByText('全国代表大会 | 中央委员会')).toBeTruthy()
    expect(screen.getByText('正确')).toBeTruthy()
    expect(screen.getByText('停用')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()
    fireEvent.change(screen.getByPlaceholderText('题干'), { target: { value: '党章' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ blurry: '党章' }))
  })

  it('checks a new question in Chinese before sending it', async () => {
    signIn(['tk:list', 'tk:add'])
    let posted: unknown
    mock.onPost('/api/tk').reply((c) => {
      posted = body(c)
      return [201, question()]
    })
    renderPage()
    await screen.findByText('中国共产党成立于哪一年？')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增$/ }))
    const drawer = (await screen.findByText('新增题目')).closest('.ant-drawer') as HTMLElement
    // A new question starts as a 单选题 with four options to fill.
    expect(within(drawer).getByLabelText('选项D')).toBeTruthy()
    ok(drawer)
    expect(await within(drawer).findByText('请输入题干')).toBeTruthy()
    expect(within(drawer).getByText('请输入选项A的内容')).toBeTruthy()
    expect(within(drawer).getByText('请选择正确答案')).toBeTruthy()
    expect(within(drawer).getByText('请选择所属党校（党委或二级党委）')).toBeTruthy()
    expect(posted).toBeUndefined()
  })

  it('单选题: adds and removes options, picks the key with a radio, sends the options keyed A.. in order', async () => {
    signIn(['tk:list', 'tk:edit'])
    renderPage()
    const drawer = await edit('中国共产党成立于哪一年？')
    fireEvent.click(within(drawer).getByRole('button', { name: /添加选项/ }))
    fireEvent.change(within(drawer).getByLabelText('选项D'), { target: { value: '1949年' } })
    fireEvent.click(within(drawer).getByRole('button', { name: '删除选项A' }))
    fireEvent.click(await within(drawer).findByRole('radio', { name: 'C. 1949年' }))
    ok(drawer)
    await waitFor(() => expect(updated).toHaveLength(1))
    expect(updated[0]).toMatchObject({
      id: 1,
      type: 0,
      answer: 'C',
      options: [
        { key: 'A', text: '1921年' },
        { key: 'B', text: '1927年' },
        { key: 'C', text: '1949年' },
      ],
    })
  })

  it('多选题: check boxes give the keys in order and one key is refused', async () => {
    signIn(['tk:list', 'tk:edit'])
    renderPage()
    const drawer = await edit('党的纪律包括哪些？')
    fireEvent.click(await within(drawer).findByRole('checkbox', { name: 'A. 1919年' }))
    await waitFor(() => expect(within(drawer).getByRole('checkbox', { name: 'A. 1919年' })).toHaveProperty('checked', false))
    ok(drawer)
    expect(await within(drawer).findByText('多选题的正确答案至少有两个选项')).toBeTruthy()
    // C added after B: the key keeps the options' order.
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'C. 1927年' }))
    ok(drawer)
    await waitFor(() => expect(updated).toHaveLength(1))
    expect(updated[0]).toMatchObject({ type: 1, answer: 'BC' })
  })

  it('判断题: 正确 or 错误, no options', async () => {
    signIn(['tk:list', 'tk:edit'])
    renderPage()
    const drawer = await edit('预备党员的预备期为一年。')
    expect(within(drawer).queryByRole('button', { name: /添加选项/ })).toBeNull()
    fireEvent.click(within(drawer).getByRole('radio', { name: '错误' }))
    ok(drawer)
    await waitFor(() => expect(updated).toHaveLength(1))
    expect(updated[0]).toMatchObject({ type: 2, answer: 'F', options: [], updateTime: '2026-11-30T08:00:00Z' })
  })

  it('填空题: a line per blank, variants separated by /, blanks added and removed', async () => {
    signIn(['tk:list', 'tk:edit'])
    renderPage()
    const drawer = await edit('党的最高领导机关是党的______和它所产生的______。')
    fireEvent.change(within(drawer).getByLabelText('第1空'), { target: { value: '全国代表大会/党的全国代表大会' } })
    fireEvent.click(within(drawer).getByRole('button', { name: /添加空/ }))
    fireEvent.change(within(drawer).getByLabelText('第3空'), { target: { value: '多余' } })
    fireEvent.click(within(drawer).getByRole('button', { name: '删除第3空' }))
    ok(drawer)
    await waitFor(() => expect(updated).toHaveLength(1))
    expect(JSON.parse(updated[0].answer as string)).toEqual([['全国代表大会', '党的全国代表大会'], ['中央委员会']])
    expect(updated[0]).toMatchObject({ type: 3, options: [] })
  })

  it('简答题: the reference answer is a text', async () => {
    signIn(['tk:list', 'tk:edit'])
    renderPage()
    const drawer = await edit('简述入党誓词。')
    fireEvent.change(within(drawer).getByDisplayValue('我志愿加入中国共产党'), { target: { value: '我志愿加入中国共产党，拥护党的纲领' } })
    ok(drawer)
    await waitFor(() => expect(updated).toHaveLength(1))
    expect(updated[0]).toMatchObject({ type: 4, answer: '我志愿加入中国共产党，拥护党的纲领' })
  })

  it('switching the type clears the key and gives the new type its editor', async () => {
    signIn(['tk:list', 'tk:edit'])
    renderPage()
    const drawer = await edit('中国共产党成立于哪一年？')
    fireEvent.mouseDown(drawer.querySelector<HTMLInputElement>('input#type')!)
    fireEvent.click(await screen.findByText('判断题', { selector: '.ant-select-item-option-content' }))
    expect(await within(drawer).findByRole('radio', { name: '正确' })).toBeTruthy()
    expect(within(drawer).queryByLabelText('选项A')).toBeNull()
    ok(drawer)
    expect(await within(drawer).findByText('请选择正确答案')).toBeTruthy()
    expect(updated).toHaveLength(0)
  })

  it('previews a question as an examinee sees it: a 填空题 shows an input per blank', async () => {
    signIn(['tk:list'])
    renderPage()
    const row = (await screen.findByText('党的最高领导机关是党的______和它所产生的______。')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: /预\s*览/ }))
    const dialog = await findDialog('题目预览')
    expect(within(dialog).getByLabelText('第1空')).toBeTruthy()
    expect(within(dialog).getByLabelText('第2空')).toBeTruthy()
    expect(within(dialog).getByText('全国代表大会 | 中央委员会')).toBeTruthy()
  })

  it('disables and enables a question through 更多', async () => {
    signIn(['tk:list', 'tk:edit'])
    renderPage()
    const row = (await screen.findByText('简述入党誓词。')).closest('tr') as HTMLElement
    fireEvent.mouseEnter(within(row).getByText(/更多/))
    fireEvent.click(await screen.findByText('启用', { selector: '.ant-dropdown-menu-title-content' }))
    await waitFor(() => expect(updated).toEqual([{ id: 5, enabled: true }]))
  })

  it('offers 导入 and 导出 to their holders and deletes a question after confirming', async () => {
    signIn(['tk:list', 'tk:del', 'tk:import', 'tk:export'])
    let deleted: unknown
    mock.onDelete('/api/tk').reply((c) => {
      deleted = body(c)
      return [204]
    })
    renderPage()
    const row = (await screen.findByText('简述入党誓词。')).closest('tr') as HTMLElement
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy()
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText(/确定删除题目/)).toBeTruthy()
    expect(deleted).toBeUndefined()
    fireEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!)
    await waitFor(() => expect(deleted).toEqual([5]))
  })

  it('shows a question of the bank above read only (上级, no 编辑, 删除, 停用 or 变动轨迹) and filters by 范围', async () => {
    mock.restore()
    const above = question({ id: 9, stem: '党的根本宗旨是什么？', orgName: '学校党委', above: true })
    ;({ mock, queries } = mockListApi('/api/tk', [above, multiple], { pages: { '/api/common/dzz': [] } }))
    signIn(['tk:list', 'tk:edit', 'tk:del'])
    renderPage()
    const aboveRow = (await screen.findByText('党的根本宗旨是什么？')).closest('tr') as HTMLElement
    const ownRow = screen.getByText('党的纪律包括哪些？').closest('tr') as HTMLElement
    expect(within(aboveRow).getByText('上级')).toBeTruthy()
    for (const name of [/编\s*辑/, /删\s*除/, /更多/, /变动轨迹/]) expect(within(aboveRow).queryByRole('button', { name })).toBeNull()
    expect(within(ownRow).queryByText('上级')).toBeNull()
    expect(within(ownRow).getByRole('button', { name: /编\s*辑/ })).toBeTruthy()
    expect(within(ownRow).getByRole('button', { name: /删\s*除/ })).toBeTruthy()
    const level = screen.getByText('范围', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    fireEvent.mouseDown(within(level).getByRole('combobox'))
    fireEvent.click(await screen.findByText('上级（只读）', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ level: 'above' }))
  })
})
