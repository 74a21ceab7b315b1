import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Selection } from '@/api/generated/cadreSelection'
import type { FlowView } from '@/components/flow'
import { body, mockApi, page, signIn } from '@/test/api'
import { ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { candidate, flowAt, selection } from './fixtures'
import SelectionPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const renderPage = (path = '/gb/xbry') =>
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <SelectionPage />
    </MemoryRouter>,
  )

const drawer = async (title: string) => (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement

/** Types a day into a date picker (its text box) and confirms it as the picker does on Enter. */
const typeDate = (input: HTMLElement, value: string) => {
  fireEvent.mouseDown(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 })
}

/** Opens a select (a remote picker too) and clicks the option showing `label` in its own list (another may still be open). */
const choose = async (combobox: HTMLElement, label: string) => {
  fireEvent.focus(combobox)
  fireEvent.mouseDown(combobox)
  const list = await waitFor(() => document.getElementById(combobox.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown') as HTMLElement)
  fireEvent.click(await within(list).findByText(label, { selector: '.ant-select-item-option-content' }))
}

/** The form item labelled `label` inside `root`. */
const item = (root: HTMLElement, label: string) => within(root).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement

/** Serves the list of one selection, the selection and its flow. */
const serve = (s: Selection, flow: FlowView) => {
  mock.onGet('/api/gbxbry').reply(200, page([s]))
  mock.onGet(`/api/gbxbry/${s.id}`).reply(200, s)
  mock.onGet(`/api/gbxbry/${s.id}/flow`).reply(200, flow)
}

/** Answers the step's action with the flow after it and keeps the bodies sent. */
function acting(id: number, next = flowAt('inspect', { version: 4 })) {
  const sent: Record<string, unknown>[] = []
  mock.onPost(`/api/gbxbry/${id}/flow`).reply((c) => {
    sent.push(body(c) as Record<string, unknown>)
    return [200, next]
  })
  return sent
}

describe('gb/xbry', { timeout: 30_000 }, () => {
  it('lists the selections with their post, stage, appointee and document; no 导出 or 发起动议 without the permission', async () => {
    signIn(['gbxbry:list'])
    const asked: unknown[] = []
    mock.onGet('/api/gbxbry').reply((c) => {
      asked.push(c.params)
      return [
        200,
        page([
          selection(),
          selection({ id: 8, title: '数学学院副院长选拔任用', unitName: '数学学院', positionName: '副院长', levelLabel: '副处级', state: 'probation', stateName: '试用期', appointeeName: '林一', docNo: '校党干〔2026〕12号' }),
        ]),
      ]
    })
    renderPage()
    const first = (await screen.findByText('计算机学院院长选拔任用')).closest('tr') as HTMLElement
    expect(within(first).getByText('院长（正处级）')).toBeTruthy()
    expect(within(first).getByText('民主推荐')).toBeTruthy()
    expect(within(first).getByText('2026-03-02')).toBeTruthy()
    const second = screen.getByText('数学学院副院长选拔任用').closest('tr') as HTMLElement
    expect(within(second).getByText('副院长（副处级）')).toBeTruthy()
    expect(within(second).getByText('试用期')).toBeTruthy()
    expect(within(second).getByText('林一')).toBeTruthy()
    expect(within(second).getByText('校党干〔2026〕12号')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
    expect(screen.queryByRole('button', { name: '发起动议' })).toBeNull()
    expect(asked[0]).toMatchObject({ page: 0, size: 10 })
  })

  it('says how to begin when there is no selection', async () => {
    signIn(['gbxbry:list', 'gbxbry:add', 'gbxbry:export'])
    mock.onGet('/api/gbxbry').reply(200, page([]))
    renderPage()
    expect(await screen.findByText('暂无选拔任用记录，点击「发起动议」开始')).toBeTruthy()
    expect(screen.getByRole('button', { name: '发起动议' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy()
  })

  it('the 动议 form names each required field and sends nothing until they are filled, then opens the new selection', async () => {
    signIn(['gbxbry:list', 'gbxbry:add'])
    mock.onGet('/api/gbxbry').reply(200, page([]))
    mock.onGet('/api/gbzs/positions').reply(200, page([{ id: 2, unitName: '计算机学院', name: '院长', levelLabel: '正处级' }]))
    const sent: unknown[] = []
    mock.onPost('/api/gbxbry').reply((c) => {
      sent.push(body(c))
      return [200, selection()]
    })
    mock.onGet('/api/gbxbry/7').reply(200, selection())
    mock.onGet('/api/gbxbry/7/flow').reply(200, flowAt('recommend'))
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: '发起动议' }))
    const form = await drawer('发起动议')
    ok(form)
    expect(await within(form).findByText('请输入标题')).toBeTruthy()
    expect(within(form).getByText('请选择拟任岗位')).toBeTruthy()
    expect(within(form).getByText('请选择动议时间')).toBeTruthy()
    expect(within(form).getByText('请输入动议理由')).toBeTruthy()
    // 动议主体 starts as 党委常委会; 任职条件和资格 may stay empty.
    expect(within(form).queryByText('请输入动议主体')).toBeNull()
    expect(sent).toEqual([])

    fireEvent.change(within(form).getByPlaceholderText('如 计算机学院院长选拔任用'), { target: { value: ' 计算机学院院长选拔任用 ' } })
    await choose(within(item(form, '拟任岗位')).getByRole('combobox'), '计算机学院 · 院长（正处级）')
    typeDate(within(item(form, '动议时间')).getByRole('textbox'), '2026-03-02')
    fireEvent.change(within(item(form, '动议理由')).getByRole('textbox'), { target: { value: '院长任期届满' } })
    ok(form)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ title: '计算机学院院长选拔任用', positionId: 2, motionOn: '2026-03-02', motionBy: '党委常委会', reason: '院长任期届满', conditions: '' })
    // The new selection opens at its first step.
    expect(await screen.findByText('办理「民主推荐」')).toBeTruthy()
  })

  it('民主推荐 sends the day, the method, the numbers and each person recommended with their votes as the step form', async () => {
    signIn(['gbxbry:list', 'gbxbry:handle'])
    serve(selection(), flowAt('recommend'))
    mock.onGet('/api/common/gbjbxx').reply(200, page([{ id: 11, name: '王超', unitName: '计算机学院', post: '副院长' }, { id: 12, name: '李明', unitName: '软件学院' }]))
    const sent = acting(7)
    renderPage('/gb/xbry?id=7')
    const d = await drawer('计算机学院院长选拔任用')
    expect(await within(d).findByText('办理「民主推荐」')).toBeTruthy()
    // The later stages have nothing yet.
    expect(within(d).getAllByText('（尚未进行）')).toHaveLength(6)
    // The one empty row needs its cadre.
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    expect(await within(d).findByText('请选择干部')).toBeTruthy()
    expect(within(d).getByText('请选择推荐日期')).toBeTruthy()
    expect(sent).toEqual([])

    typeDate(within(item(d, '推荐日期')).getByRole('textbox'), '2026-03-10')
    fireEvent.change(within(item(d, '应参加人数')).getByRole('spinbutton'), { target: { value: '45' } })
    fireEvent.change(within(item(d, '实参加人数')).getByRole('spinbutton'), { target: { value: '42' } })
    const rows = () => within(d).getAllByRole('combobox').filter((c) => c.closest('.ant-form-item')?.querySelector('label') === null)
    await choose(rows()[0], '王超 · 计算机学院 · 副院长')
    fireEvent.change(within(d).getAllByLabelText('会议推荐票')[0], { target: { value: '30' } })
    fireEvent.change(within(d).getAllByLabelText('谈话推荐票')[0], { target: { value: '12' } })
    fireEvent.click(within(d).getByRole('button', { name: '添加推荐人选' }))
    await choose(rows()[1], '李明 · 软件学院')
    fireEvent.change(within(d).getAllByLabelText('会议推荐票')[1], { target: { value: '8' } })
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      version: 3,
      result: 'approve',
      comment: '',
      fileIds: [],
      form: {
        recOn: '2026-03-10',
        recMethod: 'both',
        recExpected: 45,
        recPresent: 42,
        candidates: [
          { cadreId: 11, votes: 30, talkVotes: 12 },
          { cadreId: 12, votes: 8, talkVotes: 0 },
        ],
      },
    })
  })

  it('民主推荐 needs one person recommended at least', async () => {
    signIn(['gbxbry:list', 'gbxbry:handle'])
    serve(selection(), flowAt('recommend'))
    const sent = acting(7)
    renderPage('/gb/xbry?id=7')
    const d = await drawer('计算机学院院长选拔任用')
    fireEvent.click(await within(d).findByRole('button', { name: '移除' }))
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    expect(await within(d).findByText('请至少添加一名推荐人选')).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('a 民主推荐 returned to starts from what was recorded, and the server naming the people recommended shows under them', async () => {
    signIn(['gbxbry:list', 'gbxbry:handle'])
    const returned = selection({ recOn: '2026-03-10', recMethod: 'meeting', recMethodName: '会议推荐', recExpected: 45, recPresent: 42, candidates: [candidate()] })
    serve(returned, flowAt('recommend'))
    const sent: Record<string, unknown>[] = []
    mock.onPost('/api/gbxbry/7/flow').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return [400, { message: '推荐人选王超不在干部信息库中', field: 'candidates' }]
    })
    renderPage('/gb/xbry?id=7')
    const d = await drawer('计算机学院院长选拔任用')
    expect(await within(d).findByText('办理「民主推荐」')).toBeTruthy()
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    expect(await within(d).findByText('推荐人选王超不在干部信息库中', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(sent[0].form).toEqual({ recOn: '2026-03-10', recMethod: 'meeting', recExpected: 45, recPresent: 42, candidates: [{ cadreId: 11, votes: 30, talkVotes: 12 }] })
  })

  it('考察 sends the team, the days, the talks, the report and the people inspected', async () => {
    signIn(['gbxbry:list', 'gbxbry:handle'])
    const at = selection({ state: 'inspecting', stateName: '考察', recOn: '2026-03-10', candidates: [candidate(), candidate({ id: 2, cadreId: 12, name: '李明', votes: 8, talkVotes: 3 })] })
    serve(at, flowAt('inspect', { state: 'inspecting' }))
    const sent = acting(7, flowAt('decide', { version: 4 }))
    renderPage('/gb/xbry?id=7')
    const d = await drawer('计算机学院院长选拔任用')
    expect(await within(d).findByText('办理「考察」')).toBeTruthy()
    const team = within(item(d, '考察组成员')).getByRole('combobox')
    for (const name of ['张三', '李四']) {
      fireEvent.change(team, { target: { value: name } })
      fireEvent.keyDown(team, { key: 'Enter', code: 'Enter', keyCode: 13 })
    }
    typeDate(within(d).getByPlaceholderText('开始日期'), '2026-03-12')
    typeDate(within(d).getByPlaceholderText('结束日期'), '2026-03-20')
    fireEvent.change(within(item(d, '个别谈话人数')).getByRole('spinbutton'), { target: { value: '28' } })
    fireEvent.click(within(d).getByText('王超（42票）'))
    fireEvent.change(within(item(d, '考察报告')).getByRole('textbox'), { target: { value: '该同志政治立场坚定。' } })
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0].form).toEqual({ inspTeam: ['张三', '李四'], inspFrom: '2026-03-12', inspTo: '2026-03-20', inspTalks: 28, inspReport: '该同志政治立场坚定。', inspected: [11] })
  })

  it('任前公示 shows the server naming the end of the publicity under the range, and 不通过 sends no step form', async () => {
    signIn(['gbxbry:list', 'gbxbry:handle'])
    const at = selection({ state: 'publicizing', stateName: '任前公示' })
    serve(at, flowAt('publicize', { state: 'publicizing' }))
    const sent: Record<string, unknown>[] = []
    mock.onPost('/api/gbxbry/7/flow').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return sent.length === 1 ? [400, { message: '公示期不少于5个工作日', field: 'pubTo' }] : [200, flowAt('', { state: 'stopped' })]
    })
    renderPage('/gb/xbry?id=7')
    const d = await drawer('计算机学院院长选拔任用')
    expect(await within(d).findByText('公示期不少于5个工作日', { selector: '.ant-form-item-extra' })).toBeTruthy()
    typeDate(within(d).getByPlaceholderText('开始日期'), '2026-03-26')
    typeDate(within(d).getByPlaceholderText('结束日期'), '2026-03-27')
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    const range = item(d, '公示起止日期')
    expect(await within(range).findByText('公示期不少于5个工作日', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(sent[0].form).toEqual({ pubFrom: '2026-03-26', pubTo: '2026-03-27', pubResult: '' })
    fireEvent.click(within(d).getByRole('radio', { name: '不通过' }))
    fireEvent.change(within(d).getByPlaceholderText('请输入办理意见'), { target: { value: '公示期间收到反映，经核实影响任用' } })
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]).toEqual({ version: 3, result: 'reject', comment: '公示期间收到反映，经核实影响任用', fileIds: [] })
  })

  it('任职 shows the server naming 超职数理由 on that field, and once appointed tells the open pages the posts changed', async () => {
    signIn(['gbxbry:list', 'gbxbry:decide'])
    const at = selection({
      state: 'appointing',
      stateName: '待任职',
      recOn: '2026-03-10',
      inspFrom: '2026-03-12',
      inspTo: '2026-03-20',
      meetOn: '2026-03-25',
      pubFrom: '2026-03-26',
      pubTo: '2026-04-02',
      appointeeId: 11,
      appointeeName: '王超',
      candidates: [candidate({ inspected: true })],
    })
    serve(at, flowAt('appoint', { state: 'appointing' }))
    const sent: Record<string, unknown>[] = []
    mock.onPost('/api/gbxbry/7/flow').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return sent.length === 1
        ? [400, { message: '计算机学院正处级核定职数已满，请填写超职数理由', field: 'overReason' }]
        : [200, flowAt('review', { state: 'probation', version: 4 })]
    })
    let heard = 0
    const hear = () => heard++
    window.addEventListener('gb_base_refresh', hear)
    try {
      renderPage('/gb/xbry?id=7')
      const d = await drawer('计算机学院院长选拔任用')
      expect(await within(d).findByText('办理「任职」')).toBeTruthy()
      fireEvent.change(within(d).getByPlaceholderText('如 校党干〔2026〕12号'), { target: { value: '校党干〔2026〕12号' } })
      typeDate(within(item(d, '任职日期')).getByRole('textbox'), '2026-04-06')
      fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
      const over = item(d, '超职数理由')
      expect(await within(over).findByText('计算机学院正处级核定职数已满，请填写超职数理由')).toBeTruthy()
      expect(sent[0].form).toEqual({ docNo: '校党干〔2026〕12号', appointOn: '2026-04-06', promotion: true, overReason: '' })
      expect(heard).toBe(0)
      fireEvent.change(within(over).getByRole('textbox'), { target: { value: '学科建设急需' } })
      fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
      await waitFor(() => expect(heard).toBe(1))
      expect(sent[1].form).toMatchObject({ overReason: '学科建设急需' })
    } finally {
      window.removeEventListener('gb_base_refresh', hear)
    }
  })

  it('a finished selection shows each stage, prints its 纪实 and links its document; nothing to act on or stop', async () => {
    signIn(['gbxbry:list', 'gbxbry:del', 'gbxbry:edit', 'gbzs:list'])
    const done = selection({
      state: 'done',
      stateName: '已完成',
      recOn: '2026-03-10',
      recMethodName: '会议推荐',
      inspFrom: '2026-03-12',
      inspTo: '2026-03-20',
      meetOn: '2026-03-25',
      pubFrom: '2026-03-26',
      pubTo: '2026-04-02',
      appointOn: '2026-04-06',
      documentId: 5,
      docNo: '校党干〔2026〕12号',
      appointeeName: '王超',
      candidates: [candidate({ inspected: true })],
    })
    serve(done, flowAt('', { state: 'done', mayAct: false }))
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null)
    try {
      renderPage('/gb/xbry?id=7')
      const d = await drawer('计算机学院院长选拔任用')
      expect(await within(d).findByText('校党干〔2026〕12号')).toBeTruthy()
      expect(within(d).getByText('会议推荐')).toBeTruthy()
      expect(within(d).getByText('2026-03-26 至 2026-04-02')).toBeTruthy()
      // Appointed without a promotion: no probation, so no review.
      expect(within(d).getByText('（不设试用期，无需考核）')).toBeTruthy()
      expect(within(d).queryByText('（尚未进行）')).toBeNull()
      expect(within(d).queryByRole('button', { name: /终\s*止/ })).toBeNull()
      expect(within(d).queryByRole('button', { name: '编辑动议' })).toBeNull()
      expect(within(d).queryByRole('button', { name: /提\s*交/ })).toBeNull()
      expect(within(d).getByRole('button', { name: '查看任免文件' })).toBeTruthy()
      fireEvent.click(within(d).getByRole('button', { name: '打印纪实' }))
      expect(String(opened.mock.calls[0][0])).toMatch(/\/print\/gbxbry\?id=7$/)
    } finally {
      opened.mockRestore()
    }
  })

  it('终止 asks for a reason and sends it with the version shown', async () => {
    signIn(['gbxbry:list', 'gbxbry:del'])
    serve(selection(), flowAt('recommend', { mayAct: false }))
    const sent: unknown[] = []
    mock.onPost('/api/gbxbry/7/stop').reply((c) => {
      sent.push(body(c))
      return [200, selection({ state: 'stopped', stateName: '已终止' })]
    })
    renderPage('/gb/xbry?id=7')
    const d = await drawer('计算机学院院长选拔任用')
    expect(within(d).queryByRole('button', { name: '编辑动议' })).toBeNull() // no gbxbry:edit
    fireEvent.click(await within(d).findByRole('button', { name: /终\s*止/ }))
    const dialog = (await screen.findByText('终止选拔任用：计算机学院院长选拔任用')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: /终\s*止/ }))
    expect(await within(dialog).findByText('请输入终止原因')).toBeTruthy()
    expect(sent).toEqual([])
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '岗位调整，暂缓选拔' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /终\s*止/ }))
    await waitFor(() => expect(sent).toEqual([{ version: 3, reason: '岗位调整，暂缓选拔' }]))
  })
})
