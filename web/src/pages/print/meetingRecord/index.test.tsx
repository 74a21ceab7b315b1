import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { timeSpan } from '@/pages/orglife/meeting/DateTimeInput'
import type { AttendeeView, MeetingView } from '@/pages/orglife/meeting/types'
import MeetingRecordPrint from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn(['hy:list'])
})
afterEach(() => mock.restore())

const show = (query: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/print/meetingRecord${query}`]}>
      <MeetingRecordPrint />
    </MemoryRouter>,
  )

const meeting = {
  id: 3, orgId: 7, typeCode: 'zbwyh', topic: '研究发展党员工作', startsAt: '2026-03-05T14:00:00+08:00', endsAt: '2026-03-05T16:00:00+08:00',
  heldOn: '2026-03-05', place: '支部活动室', online: false, host: '王书记', recorder: '李委员', lecturer: '', secretaryLecture: false,
  agenda: '一、研究发展对象\n二、部署主题党日', state: 4, cancelledAt: null, cancelReason: '',
  // What the server would never answer (it sanitises the minutes when they are stored): the page must not render it either.
  minutes: '<h2>一、学习</h2><p><strong>王书记</strong>领学</p><script>alert("s")</script><img src="x" onerror="alert(1)"><p><a href="javascript:alert(2)">链接</a></p><ol><li><p>按期转正</p></li></ol>',
  resolutions: '同意张三按期转正', minutesAt: '2026-03-05T09:00:00Z', receipt: false, publishedAt: null, startedAt: null, closedAt: null,
  createTime: '', updateTime: '', orgName: '计算机教工党支部', typeName: '支部委员会', stateName: '已结束', cancelled: false,
  attendeeCount: 5, presentCount: 2, lateCount: 1, leaveCount: 1, absentCount: 1, pendingLeaves: 0,
} satisfies MeetingView

const person = (id: number, name: string, status: AttendeeView['status'], over: Partial<AttendeeView> = {}): AttendeeView => ({
  id, meetingId: 3, memberId: id, name, guest: false, guestTitle: '', joinType: 1, joinReason: 0, status, signedAt: null, signChannel: '',
  leaveReason: '', leaveState: 0, leaveDecidedBy: '', leaveDecidedAt: null, createTime: '', updateTime: '', statusName: '', joinReasonName: '',
  orgName: '', ...over,
})

describe('会议记录（打印）', { timeout: 20_000 }, () => {
  it('prints the record in the layout of its Word document, the minutes formatted and without any script', async () => {
    mock.onGet('/api/zzsh/meetings/3').reply(200, meeting)
    mock.onGet('/api/zzsh/meetings/3/attendees').reply(200, [
      person(1, '张三', 'present'), person(2, '李四', 'late'), person(3, '王五', 'leave'), person(4, '赵六', 'absent'),
      person(5, '刘委员', 'expected', { guest: true, memberId: null, guestTitle: '学院党委委员' }),
    ])
    show('?id=3')
    expect(await screen.findByRole('heading', { level: 1, name: '计算机教工党支部支部委员会会议记录' })).toBeTruthy()
    for (const text of ['研究发展党员工作', timeSpan(meeting.startsAt, meeting.endsAt), '支部活动室', '王书记', '李委员', '实到：2人（张三、李四）', '其中迟到：1人（李四）',
      '请假：1人（王五）', '缺席：1人（赵六）', '列席：刘委员（学院党委委员）', '同意张三按期转正', '2026年3月5日'])
      expect(screen.getAllByText(text, { exact: false }).length).toBeGreaterThan(0)
    expect(screen.getByText('应到：4人；', { exact: false })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: '一、学习' })).toBeTruthy()
    expect(screen.getByText('王书记', { selector: 'strong' })).toBeTruthy()
    expect(screen.getByText('按期转正', { selector: 'ol li p' })).toBeTruthy()
    const page = document.body.innerHTML
    for (const bad of ['<script', 'alert', 'onerror', 'javascript:', '<img', '<a ']) expect(page).not.toContain(bad)
    expect(screen.getByRole('button', { name: /打\s*印/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /下载Word/ })).toBeTruthy()
  })

  it('says why when the meeting cannot be read, and wants an id', async () => {
    mock.onGet('/api/zzsh/meetings/9').reply(404, { msg: '会议不存在' })
    mock.onGet('/api/zzsh/meetings/9/attendees').reply(404, { msg: '会议不存在' })
    show('?id=9')
    expect(await screen.findByText('无法读取该会议：可能已被删除，或不在您的管理范围内')).toBeTruthy()
  })

  it('wants an id', () => {
    show('')
    expect(screen.getByText('缺少会议参数')).toBeTruthy()
  })
})
