import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import dayjs from 'dayjs'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, captureDownloads, exportsOf, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { findDialog, ok } from '@/test/page'
import { formatTime } from '@/utils/time'
import { renderWithApp } from '@/test/render'
import MeetingPage, { meetingBody } from './index'
import { meetingPathOf, typeOfPath } from './paths'
import type { Preparation, RectifyView } from './prepareApi'
import type { AttendeeView, MeetingType, MeetingView } from './types'

const meeting = (over: Partial<MeetingView> = {}): MeetingView => ({
  id: 1,
  orgId: 7,
  typeCode: 'dk',
  topic: '学习党的二十大精神',
  startsAt: '2026-03-05T14:00:00+08:00',
  endsAt: '2026-03-05T16:00:00+08:00',
  heldOn: '2026-03-05',
  place: '支部活动室',
  online: false,
  host: '王书记',
  recorder: '李委员',
  lecturer: '王书记',
  secretaryLecture: true,
  agenda: '一、学习文件\n二、交流讨论',
  state: 1,
  cancelledAt: null,
  cancelReason: '',
  minutes: '',
  resolutions: '',
  minutesAt: null,
  receipt: false,
  publishedAt: null,
  startedAt: null,
  closedAt: null,
  createTime: '2026-03-01T08:00:00Z',
  updateTime: '2026-03-01T08:00:00Z',
  orgName: '计算机教工党支部',
  typeName: '党课',
  stateName: '草稿',
  cancelled: false,
  attendeeCount: 12,
  presentCount: 0,
  lateCount: 0,
  leaveCount: 1,
  absentCount: 0,
  pendingLeaves: 0,
  ...over,
})

const attendee = (over: Partial<AttendeeView> = {}): AttendeeView => ({
  id: 5,
  meetingId: 1,
  memberId: 30,
  name: '张三',
  guest: false,
  guestTitle: '',
  joinType: 1,
  joinReason: 0,
  status: 'expected',
  signedAt: null,
  signChannel: '',
  leaveReason: '',
  leaveState: 0,
  leaveDecidedBy: '',
  leaveDecidedAt: null,
  createTime: '2026-03-01T08:00:00Z',
  updateTime: '2026-03-01T08:00:00Z',
  statusName: '未签到',
  joinReasonName: '',
  orgName: '计算机教工党支部',
  ...over,
})

const type = (code: string, name: string, over: Partial<MeetingType> = {}): MeetingType => ({
  id: code.length,
  code,
  name,
  orgTypes: '4,5',
  period: 'quarter',
  minCount: 1,
  countsAs: '',
  builtin: true,
  enabled: true,
  sort: 10,
  createTime: '',
  updateTime: '',
  ...over,
})

const ALL = ['hy:list', 'hy:add', 'hy:edit', 'hy:del', 'hy:export']

let mock: MockAdapter
let queries: Record<string, unknown>[]
const useRows = (rows: MeetingView[]) => {
  ;({ mock, queries } = mockListApi('/api/zzsh/meetings', rows, {
    pages: { '/api/common/dzz': [{ id: 7, pid: null, name: '计算机教工党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '' }] },
  }))
  mock.onGet('/api/zzsh/types/options').reply(200, [type('dk', '党课'), type('c1', '党员活动日', { builtin: false, countsAs: 'ztdr' })])
}
beforeEach(() => useRows([meeting()]))
afterEach(() => mock.restore())

const renderPage = (path = '/orglife/shyk/dk') =>
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <MeetingPage />
    </MemoryRouter>,
  )

/** Opens the meeting's drawer from its topic, once it shows the meeting. */
const openDrawer = async (m: MeetingView) => {
  mock.onGet(`/api/zzsh/meetings/${m.id}`).reply(200, m)
  fireEvent.click(await screen.findByRole('button', { name: m.topic }))
  const drawer = (await screen.findByText('参会情况')).closest('.ant-drawer') as HTMLElement
  return drawer
}

describe('orglife/meeting', { timeout: 30_000 }, () => {
  it('reads its type from the path', () => {
    expect(typeOfPath('/orglife/shyk/zbdydh')).toBe('zbdydh')
    expect(typeOfPath('/orglife/mzshh/')).toBe('mzshh')
    expect(typeOfPath('/orglife/qthy')).toBe('other')
  })

  it('finds the page where a type is arranged among the caller’s routes', () => {
    const route = (path: string, component = 'orglife/meeting') => ({ path, component, meta: { title: '', trail: [] }, top: '/orglife' })
    const routes = [route('/orglife/shyk/zbwyh'), route('/orglife/qthy'), route('/orglife/hytj', 'orglife/compliance')]
    expect(meetingPathOf(routes, 'zbwyh')).toBe('/orglife/shyk/zbwyh')
    expect(meetingPathOf(routes, 'c12')).toBe('/orglife/qthy') // the school's own type
    expect(meetingPathOf(routes.slice(0, 1), 'c12')).toBeUndefined()
    expect(meetingPathOf([], 'zbwyh')).toBeUndefined()
  })

  it('lists the meetings of its type and searches by topic and state', async () => {
    signIn(ALL)
    renderPage()
    expect(await screen.findByRole('button', { name: '学习党的二十大精神' })).toBeTruthy()
    expect(queries[0]).toMatchObject({ type: 'dk', page: 0 })
    const row = screen.getByText('计算机教工党支部').closest('tr') as HTMLElement
    expect(within(row).getByText(/^2026-03-05 \d\d:00–\d\d:00$/)).toBeTruthy()
    expect(within(row).getByText('12 / 0 / 1')).toBeTruthy()
    expect(within(row).getByText('草稿')).toBeTruthy()
    // A draft may be deleted; the 会议类型 column is 其他会议's only.
    expect(within(row).getByRole('button', { name: /删\s*除/ })).toBeTruthy()
    expect(screen.queryByRole('columnheader', { name: '会议类型' })).toBeNull()
    fireEvent.change(screen.getByPlaceholderText('会议主题'), { target: { value: '二十大' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], type: 'dk', blurry: '二十大' }))
  })

  it('exports the meetings of its type with the list’s filters', async () => {
    signIn(ALL)
    const files = captureDownloads()
    try {
      const asked = exportsOf(mock.onGet('/api/zzsh/meetings/export'))
      renderPage('/orglife/ztdr')
      await screen.findByRole('button', { name: '学习党的二十大精神' })
      fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }))
      await waitFor(() => expect(asked[0]).toMatchObject({ type: 'ztdr' }))
      await waitFor(() => expect(files.saved).toEqual(['主题党日.xlsx']))
    } finally {
      files.restore()
    }
  })

  it('lists the school’s own types on 其他会议, with their type', async () => {
    signIn(['hy:list'])
    useRows([meeting({ typeCode: 'c1', typeName: '党员活动日', state: 4, stateName: '已结束' })])
    renderPage('/orglife/qthy')
    expect(await screen.findByText('党员活动日')).toBeTruthy()
    expect(queries[0]).toMatchObject({ type: 'other' })
    expect(screen.getByRole('columnheader', { name: '会议类型' })).toBeTruthy()
    // A held meeting is neither edited nor deleted; without hy:add there is no 新增.
    const row = screen.getByText('党员活动日').closest('tr') as HTMLElement
    expect(within(row).queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    expect(within(row).queryByRole('button', { name: /删\s*除/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
  })

  it('checks the form in Chinese before sending it', async () => {
    signIn(ALL)
    let posted: unknown
    mock.onPost('/api/zzsh/meetings').reply((c) => {
      posted = body(c)
      return [201, meeting({ id: 2 })]
    })
    renderPage()
    await screen.findByRole('button', { name: '学习党的二十大精神' })
    fireEvent.click(screen.getByRole('button', { name: /新\s*增$/ }))
    const drawer = (await screen.findByText('新增会议')).closest('.ant-drawer') as HTMLElement
    expect(within(drawer).getByText('主讲人')).toBeTruthy() // 党课 only
    expect(within(drawer).queryByText('会议类型')).toBeNull() // the page's type
    ok(drawer)
    const error = { selector: '.ant-form-item-explain-error' }
    expect(await within(drawer).findByText('请输入会议主题', error)).toBeTruthy()
    expect(within(drawer).getByText('请选择党组织', error)).toBeTruthy()
    expect(within(drawer).getByText('请选择开始时间', error)).toBeTruthy()
    expect(within(drawer).getByText('请选择结束时间', error)).toBeTruthy()
    expect(within(drawer).getByText('请输入会议地点，或选择线上会议', error)).toBeTruthy()
    expect(posted).toBeUndefined()
  })

  it('sends the page’s type on create and the record’s version on edit', () => {
    expect(meetingBody('dk', { topic: 'x' }, null)).toEqual({ topic: 'x', typeCode: 'dk' })
    expect(meetingBody('other', { topic: 'x', typeCode: 'c1' }, null)).toMatchObject({ typeCode: 'c1' })
    expect(meetingBody('dk', { topic: 'y' }, meeting())).toEqual({ topic: 'y', typeCode: 'dk', id: 1, updateTime: '2026-03-01T08:00:00Z' })
  })

  it('publishes a draft from its drawer after asking, then offers what a published meeting allows', async () => {
    signIn(ALL)
    mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
    mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
    const sent: string[] = []
    mock.onPost('/api/zzsh/meetings/1/publish').reply((c) => {
      sent.push(c.url!)
      mock.onGet('/api/zzsh/meetings/1').reply(200, meeting({ state: 2, stateName: '已发布' }))
      return [200, meeting({ state: 2, stateName: '已发布' })]
    })
    renderPage()
    const drawer = await openDrawer(meeting())
    expect(within(drawer).queryByRole('button', { name: /开\s*始/ })).toBeNull()
    // The empty list says how to fill it.
    expect(await within(drawer).findByText(/暂无参会人员/)).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('button', { name: /发\s*布/ }))
    ok((await screen.findByText(/发布后将通知全体参会人员/)).closest('.ant-modal') as HTMLElement)
    await waitFor(() => expect(sent).toEqual(['/api/zzsh/meetings/1/publish']))
    expect(await within(drawer).findByRole('button', { name: /开\s*始/ })).toBeTruthy()
    expect(within(drawer).queryByRole('button', { name: /发\s*布/ })).toBeNull()
  })

  it('cancels a published meeting with a reason', async () => {
    signIn(ALL)
    mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
    mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
    let cancelled: unknown
    mock.onPost('/api/zzsh/meetings/1/cancel').reply((c) => {
      cancelled = body(c)
      return [200, meeting({ state: 2, cancelled: true })]
    })
    renderPage()
    const drawer = await openDrawer(meeting({ state: 2, stateName: '已发布' }))
    expect(within(drawer).getByRole('button', { name: /开\s*始/ })).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('button', { name: '取消会议' }))
    const dialog = (await screen.findByText('取消会议：学习党的二十大精神')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: '取消会议' }))
    expect(await within(dialog).findByText('请输入取消原因')).toBeTruthy()
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '与学校大会冲突' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '取消会议' }))
    await waitFor(() => expect(cancelled).toEqual({ reason: '与学校大会冲突' }))
  })

  it('reschedules a planned meeting with its new time and a reason', async () => {
    signIn(ALL)
    mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
    mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
    let sent: Record<string, unknown> | undefined
    mock.onPost('/api/zzsh/meetings/1/reschedule').reply((c) => {
      sent = body(c) as Record<string, unknown>
      return [200, meeting({ state: 2 })]
    })
    renderPage()
    const drawer = await openDrawer(meeting({ state: 2, stateName: '已发布' }))
    fireEvent.click(within(drawer).getByRole('button', { name: /改\s*期/ }))
    const dialog = await findDialog('改期：学习党的二十大精神')
    ok(dialog)
    expect(await within(dialog).findByText('请输入改期原因')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('改期原因'), { target: { value: '书记外出' } })
    ok(dialog)
    // The times start from the meeting's own and are sent as they are (RFC 3339).
    await waitFor(() => expect(sent).toEqual({ startsAt: '2026-03-05T14:00:00+08:00', endsAt: '2026-03-05T16:00:00+08:00', reason: '书记外出' }))
  })

  it('shows the photos as thumbnails, the 对照检查材料 of a 组织生活会, and downloads the 会议记录', async () => {
    signIn(['hy:list'])
    const files = captureDownloads()
    try {
      mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
      mock.onGet('/api/zzsh/meetings/1/attachments').reply((c) => [
        200,
        (c.params as { kind: string }).kind === 'photo' ? [{ id: 40, recordId: 1, kind: 'photo', fileId: 8, name: '合影.jpg', size: 2048 }] : [],
      ])
      mock.onGet('/api/zzsh/meetings/1/attachments/40/view').reply(200, new Blob(['x'], { type: 'image/jpeg' }))
      mock.onGet('/api/zzsh/meetings/1/record.docx').reply(200, new Blob(['docx']))
      renderPage('/orglife/zzshh')
      const drawer = await openDrawer(meeting({ typeCode: 'zzshh', typeName: '组织生活会', state: 4, stateName: '已结束' }))
      fireEvent.click(within(drawer).getByRole('tab', { name: '照片和附件' }))
      expect(await within(drawer).findByAltText('合影.jpg')).toBeTruthy()
      expect(within(drawer).getByText('对照检查材料')).toBeTruthy()
      // Without hy:edit nothing is uploaded, and a held meeting offers no state action.
      expect(within(drawer).queryByRole('button', { name: /上传照片/ })).toBeNull()
      expect(within(drawer).queryByRole('button', { name: /结\s*束/ })).toBeNull()
      fireEvent.click(within(drawer).getByRole('button', { name: /下载会议记录/ }))
      await waitFor(() => expect(files.saved).toEqual(['学习党的二十大精神会议记录.docx']))
    } finally {
      files.restore()
    }
  })

  it('marks attendance by hand while the meeting runs, and decides a leave request', async () => {
    signIn(ALL)
    mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
    mock
      .onGet('/api/zzsh/meetings/1/attendees')
      .reply(200, [attendee(), attendee({ id: 6, memberId: 31, name: '李四', leaveState: 1, leaveReason: '出差', status: 'expected' })])
    const marked: unknown[] = []
    mock.onPut('/api/zzsh/meetings/1/attendees/5/attendance').reply((c) => {
      marked.push(body(c))
      return [200, attendee({ status: 'present' })]
    })
    const decided: unknown[] = []
    mock.onPut('/api/zzsh/meetings/1/attendees/6/leave').reply((c) => {
      decided.push(body(c))
      return [200, attendee({ id: 6 })]
    })
    renderPage()
    const drawer = await openDrawer(meeting({ state: 3, stateName: '进行中' }))
    expect(within(drawer).getByRole('button', { name: /签到大屏/ })).toBeTruthy()
    // Nobody is added or removed once the meeting has started.
    expect(within(drawer).queryByRole('button', { name: '从党员名册导入' })).toBeNull()
    const zhang = (await within(drawer).findByText('张三')).closest('tr') as HTMLElement
    expect(within(zhang).queryByRole('button', { name: '移除' })).toBeNull()
    fireEvent.click(within(zhang).getByRole('button', { name: '签到' }))
    await waitFor(() => expect(marked).toEqual([{ status: 'present' }]))

    const li = within(drawer).getByText('李四').closest('tr') as HTMLElement
    expect(within(li).getByText('待批准')).toBeTruthy()
    fireEvent.click(within(li).getByRole('button', { name: '批准请假' }))
    ok((await screen.findByText('确定批准李四的请假吗？')).closest('.ant-modal') as HTMLElement)
    await waitFor(() => expect(decided).toEqual([{ approve: true }]))
  })

  it('draws the roster and removes an attendee before the meeting starts', async () => {
    signIn(ALL)
    mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
    mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [attendee()])
    const drawn: string[] = []
    mock.onPost('/api/zzsh/meetings/1/attendees/roster').reply((c) => {
      drawn.push(c.url!)
      return [200, { added: 11 }]
    })
    let removed: unknown
    mock.onDelete('/api/zzsh/meetings/1/attendees').reply((c) => {
      removed = body(c)
      return [204]
    })
    renderPage()
    const drawer = await openDrawer(meeting())
    fireEvent.click(within(drawer).getByRole('button', { name: '从党员名册导入' }))
    expect(await screen.findByText('已从党员名册导入 11 人')).toBeTruthy()
    expect(drawn).toHaveLength(1)
    const zhang = within(drawer).getByText('张三').closest('tr') as HTMLElement
    expect(within(zhang).queryByRole('button', { name: '签到' })).toBeNull()
    fireEvent.click(within(zhang).getByRole('button', { name: '移除' }))
    ok((await screen.findByText('确定删除参会人员“张三”吗？')).closest('.ant-modal') as HTMLElement)
    await waitFor(() => expect(removed).toEqual({ ids: [5] }))
  })

  it('keeps 开始 of a 组织生活会 disabled while its preparation is incomplete, and confirms the talks with a note', async () => {
    signIn(ALL)
    mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
    mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
    mock.onGet('/api/zzsh/attendees/5/attachments').reply(200, [])
    const prep = (confirmed: boolean): Preparation => ({
      required: true,
      talks: { from: '2025-12-10', to: '2026-03-10', talks: 3, members: 2, covered: 1, uncovered: ['李四'], confirmed, note: confirmed ? '线下谈话' : '', confirmedBy: '', confirmedAt: null, done: confirmed },
      opinions: { note: '座谈会征求意见12条', recordedBy: 'admin', recordedAt: null, files: 0, done: true },
      checks: { participants: [{ attendeeId: 5, name: '张三', files: 1 }, { attendeeId: 6, name: '李四', files: 0 }], uploaded: 1, done: false },
      ready: false,
      missing: ['谈心谈话未覆盖全部参会党员（李四），或由主持人确认并说明', '以下人员未上传对照检查材料：李四'],
    })
    mock.onGet('/api/zzsh/meetings/1/prepare').reply(200, prep(false))
    let sent: unknown
    mock.onPut('/api/zzsh/meetings/1/prepare/talks').reply((c) => {
      sent = body(c)
      mock.onGet('/api/zzsh/meetings/1/prepare').reply(200, prep(true))
      return [200, prep(true)]
    })
    renderPage('/orglife/zzshh')
    const drawer = await openDrawer(meeting({ typeCode: 'zzshh', typeName: '组织生活会', state: 2, stateName: '已发布' }))
    await waitFor(() => expect((within(drawer).getByRole('button', { name: /开\s*始/ }) as HTMLButtonElement).disabled).toBe(true))
    fireEvent.click(within(drawer).getByRole('tab', { name: '会前准备' }))
    expect(await within(drawer).findByText(/尚缺：谈心谈话未覆盖全部参会党员（李四）/)).toBeTruthy()
    expect(within(drawer).getByText(/未见谈话记录：李四/)).toBeTruthy()
    expect(within(drawer).getByText('未上传')).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('button', { name: '确认已完成谈话' }))
    const dialog = await findDialog('确认谈心谈话已完成')
    ok(dialog)
    expect(await within(dialog).findByText('请输入确认说明')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('确认说明'), { target: { value: '线下谈话' } })
    ok(dialog)
    await waitFor(() => expect(sent).toEqual({ confirmed: true, note: '线下谈话' }))
    expect(await within(drawer).findByText(/主持人已确认：线下谈话/)).toBeTruthy()
  })

  it('lists a held meeting’s rectification items, adds progress and closes one after asking for a note', async () => {
    signIn(ALL)
    mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
    mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
    const item: RectifyView = {
      id: 9, meetingId: 1, orgId: 7, content: '三会一课记录不规范', owner: '王书记', ownerMemberId: null, deadline: '2026-04-30', state: 1,
      closingNote: '', closedBy: '', closedAt: null, createTime: '', updateTime: '2026-03-11T08:00:00Z', orgName: '计算机教工党支部',
      meetingTopic: '年度组织生活会', meetingType: 'zzshh', meetingLink: '/orglife/zzshh?id=1', typeName: '组织生活会', heldOn: '2026-03-10', progressCount: 1,
      stateName: '已逾期', overdue: true, progress: [{ id: 1, itemId: 9, notedOn: '2026-04-01', note: '补全上半年记录', author: 'admin', createTime: '' }],
    }
    mock.onGet('/api/zzsh/meetings/1/rectify').reply(200, [item])
    const sent: Record<string, unknown> = {}
    mock.onPost('/api/zzsh/rectify/9/progress').reply((c) => {
      sent.progress = body(c)
      return [200, item]
    })
    mock.onPost('/api/zzsh/rectify/9/close').reply((c) => {
      sent.close = body(c)
      return [200, { ...item, state: 2, stateName: '已销号' }]
    })
    renderPage('/orglife/zzshh')
    const drawer = await openDrawer(meeting({ typeCode: 'zzshh', typeName: '组织生活会', state: 4, stateName: '已结束' }))
    fireEvent.click(within(drawer).getByRole('tab', { name: '整改事项' }))
    const tr = (await within(drawer).findByText('三会一课记录不规范')).closest('tr') as HTMLElement
    expect(within(tr).getByText('已逾期')).toBeTruthy()
    expect(within(drawer).getByRole('button', { name: '新增整改事项' })).toBeTruthy()
    fireEvent.click(within(tr).getByRole('button', { name: '登记进展' }))
    const progress = await findDialog('登记整改进展：三会一课记录不规范')
    fireEvent.change(within(progress).getByLabelText('整改进展'), { target: { value: '全部补全' } })
    ok(progress)
    await waitFor(() => expect(sent.progress).toEqual({ notedOn: dayjs().format('YYYY-MM-DD'), note: '全部补全' }))
    fireEvent.click(within(tr).getByRole('button', { name: '销号' }))
    const close = await findDialog('整改销号：三会一课记录不规范')
    fireEvent.click(within(close).getByRole('button', { name: /销\s*号/ }))
    expect(await within(close).findByText('请输入销号说明')).toBeTruthy()
    fireEvent.change(within(close).getByLabelText('销号说明'), { target: { value: '经支委会验收' } })
    fireEvent.click(within(close).getByRole('button', { name: /销\s*号/ }))
    await waitFor(() => expect(sent.close).toEqual({ note: '经支委会验收' }))
  })
})

describe('orglife/meeting minutes and receipts', { timeout: 30_000 }, () => {
  it('writes the minutes in the rich-text editor and sends its HTML', async () => {
    signIn(ALL)
    mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
    mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
    const saved: unknown[] = []
    mock.onPut('/api/zzsh/meetings/1/minutes').reply((c) => {
      saved.push(body(c))
      return [200, meeting({ state: 4 })]
    })
    renderPage()
    const drawer = await openDrawer(meeting({ state: 4, stateName: '已结束', minutes: '<p>一、<strong>学习</strong></p>', resolutions: '无' }))
    fireEvent.click(within(drawer).getByRole('tab', { name: '会议记录' }))
    const editor = await within(drawer).findByRole('textbox', { name: '会议记录' })
    expect(editor.innerHTML).toContain('<strong>学习</strong>')
    fireEvent.click(within(drawer).getByRole('button', { name: '项目符号列表' }))
    fireEvent.click(within(drawer).getByRole('button', { name: /保存会议记录/ }))
    await waitFor(() => expect(saved).toEqual([{ minutes: '<ul><li><p>一、<strong>学习</strong></p></li></ul>', resolutions: '无' }]))
  })

  it('shows the receipt of a closed meeting that asked for one: the statistics, each answer and the export', async () => {
    signIn(ALL)
    const files = captureDownloads()
    try {
      mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
      mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
      const texts: unknown[] = []
      mock.onGet('/api/wj/meeting/1/receipt').reply(200, {
        meetingId: 1,
        questionnaire: { id: 7, orgId: 2, title: '会议回执：学习党的二十大精神', anonymous: false, shareType: 1, state: 1, closesAt: '2026-04-04T16:00:00Z',
          audience: 12, codes: 0, answered: 1, createdBy: 'admin', publishedAt: null, stoppedAt: null, meetingId: 1, createTime: '', updateTime: '',
          orgName: '计算机教工党支部', stateName: '收集中', shareTypeName: '指定人员', over: false, link: '/questionnaire/s/abc' },
        results: { id: 7, title: '会议回执：学习党的二十大精神', anonymous: false, ready: true, answers: 1, audience: 12,
          columns: ['1. 满意度', '2. 收获体会', '3. 意见建议'],
          // A text question only: a choice question's chart needs a canvas (the e2e walks draw them).
          questions: [{ key: 'gains', kind: 'text', title: '收获体会', answered: 1, texts: 1 }] },
      })
      mock.onGet('/api/wj/meeting/1/texts').reply((c) => {
        texts.push(c.params)
        return [200, { content: [{ name: '张三', text: '收获很大', count: 1 }], totalElements: 1 }]
      })
      mock.onGet('/api/wj/meeting/1/answers').reply(200, { content: [{ id: 9, name: '张三', createTime: '2026-03-06T01:00:00Z', cells: ['满意', '收获很大', '多安排交流'], attendance: '已签到' }], totalElements: 1 })
      mock.onGet('/api/wj/meeting/1/export').reply(200, new Blob(['xlsx']))
      renderPage()
      const drawer = await openDrawer(meeting({ state: 4, stateName: '已结束', receipt: true }))
      fireEvent.click(within(drawer).getByRole('tab', { name: '回执' }))
      expect(await within(drawer).findByText(`填写截止：${formatTime('2026-04-04T16:00:00Z', 'YYYY-MM-DD HH:mm')}`)).toBeTruthy()
      expect(within(drawer).getAllByText('1. 满意度').length).toBeGreaterThan(0) // the answers' column
      expect(within(drawer).getByText('1. 收获体会')).toBeTruthy() // the question's card
      const answer = (await within(drawer).findByText('多安排交流')).closest('tr') as HTMLElement
      expect(within(answer).getByText('张三')).toBeTruthy()
      expect(within(answer).getByText('满意')).toBeTruthy()
      expect(within(answer).getByText('已签到')).toBeTruthy() // the member's attendance beside the answer
      await waitFor(() => expect(texts).toEqual([{ item: 'gains', page: 0, size: 10 }]))
      fireEvent.click(within(drawer).getByRole('button', { name: /导出回执/ }))
      await waitFor(() => expect(files.saved).toEqual(['学习党的二十大精神会议回执.xlsx']))
    } finally {
      files.restore()
    }
  })

  it('says so when a closed meeting sent no receipt', async () => {
    signIn(['hy:list'])
    mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
    mock.onGet('/api/zzsh/meetings/1/attachments').reply(200, [])
    mock.onGet('/api/wj/meeting/1/receipt').reply(200, { meetingId: 1, questionnaire: null, results: null })
    renderPage()
    const drawer = await openDrawer(meeting({ state: 4, stateName: '已结束', receipt: true }))
    fireEvent.click(within(drawer).getByRole('tab', { name: '回执' }))
    expect(await within(drawer).findByText('本次会议结束时没有发出会议回执')).toBeTruthy()
  })

  it('has no 回执 tab when the meeting asked for none', async () => {
    signIn(['hy:list'])
    mock.onGet('/api/zzsh/meetings/1/attendees').reply(200, [])
    renderPage()
    const drawer = await openDrawer(meeting({ state: 4, stateName: '已结束' }))
    expect(within(drawer).queryByRole('tab', { name: '回执' })).toBeNull()
    expect(within(drawer).getByRole('button', { name: /打印会议记录/ })).toBeTruthy()
  })
})
