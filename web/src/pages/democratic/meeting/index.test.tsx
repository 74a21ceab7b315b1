import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PASSWORD_CHANGE_REQUIRED } from '@/api/request'
import { FORCED_TITLE } from '@/components/password/PasswordDialog'
import { useSessionStore } from '@/stores/session'
import { body, mockApi } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { formatTime } from '@/utils/time'
import DemocraticMeetingPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const meeting = {
  topic: '学习二十届四中全会精神', orgName: '计算机教工党支部', typeName: '主题党日',
  startsAt: '2026-12-01T06:00:00Z', endsAt: '2026-12-01T08:00:00Z', place: '支部活动室', state: 3,
}
const at = (url: string, signedIn = true) => {
  useSessionStore.setState({ signedIn })
  return renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <DemocraticMeetingPage />
    </MemoryRouter>,
  )
}
const signPage = '/democratic/meeting/sign?t=1.1800000000.abc'

describe('会议签到 (public)', { timeout: 30_000 }, () => {
  it('shows the meeting the code names and, signed out, 登录后签到 back to this page', async () => {
    mock.onGet('/api/zzsh/sign').reply((c) => {
      expect(c.params).toEqual({ t: '1.1800000000.abc' })
      return [200, meeting]
    })
    at(signPage, false)
    expect(await screen.findByText('学习二十届四中全会精神')).toBeTruthy()
    expect(screen.getByText('计算机教工党支部')).toBeTruthy()
    expect(screen.getByText('主题党日')).toBeTruthy()
    expect(screen.getByText(`${formatTime(meeting.startsAt, 'YYYY-MM-DD HH:mm')}–${formatTime(meeting.endsAt, 'HH:mm')}`)).toBeTruthy()
    const login = screen.getByRole('link', { name: /登录后签到/ })
    expect(login.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(signPage)}`)
    expect(screen.queryByRole('button', { name: '签 到' })).toBeNull()
  })

  it('signs in with one tap and says when, and that it was late', async () => {
    mock.onGet('/api/zzsh/sign').reply(200, meeting)
    const sent: unknown[] = []
    mock.onPost('/api/zzsh/sign').reply((c) => {
      sent.push(body(c))
      return [200, { status: 'late', signedAt: '2026-12-01T06:20:05Z', already: false }]
    })
    at(signPage)
    fireEvent.click(await screen.findByRole('button', { name: /签\s*到/ }))
    expect(await screen.findByText('签到成功')).toBeTruthy()
    expect(screen.getByText(`签到时间 ${formatTime('2026-12-01T06:20:05Z', 'HH:mm:ss')}（迟到）`)).toBeTruthy()
    expect(sent).toEqual([{ t: '1.1800000000.abc' }])
  })

  it('an earlier scan is 您已签到 with its time', async () => {
    mock.onGet('/api/zzsh/sign').reply(200, meeting)
    mock.onPost('/api/zzsh/sign').reply(200, { status: 'present', signedAt: '2026-12-01T05:58:00Z', already: true })
    at(signPage)
    fireEvent.click(await screen.findByRole('button', { name: /签\s*到/ }))
    expect(await screen.findByText('您已签到')).toBeTruthy()
    expect(screen.getByText(`签到时间 ${formatTime('2026-12-01T05:58:00Z', 'HH:mm:ss')}`)).toBeTruthy()
  })

  it("shows the server's refusal of the code in place of the meeting", async () => {
    mock.onGet('/api/zzsh/sign').replyOnce(400, { message: '签到码已过期，请重新扫码' })
    at(signPage)
    expect(await screen.findByText('签到码已过期，请重新扫码')).toBeTruthy()
  })

  it('a refused sign-in shows why and keeps the button; an expired session asks to sign in again', async () => {
    mock.onGet('/api/zzsh/sign').reply(200, meeting)
    mock.onPost('/api/zzsh/sign').replyOnce(400, { message: '您不在本次会议的参会人员中' }).onPost('/api/zzsh/sign').replyOnce(401, { message: '未登录' })
    at(signPage)
    fireEvent.click(await screen.findByRole('button', { name: /签\s*到/ }))
    expect(await screen.findByText('您不在本次会议的参会人员中')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /签\s*到/ }))
    expect(await screen.findByRole('link', { name: /登录后签到/ })).toBeTruthy()
  })

  it('an account that must change its initial password gets the change dialog, not a dead end', async () => {
    mock.onGet('/api/zzsh/sign').reply(200, meeting)
    mock.onPost('/api/zzsh/sign').reply(403, { status: 403, message: '请先修改密码后再使用系统', code: PASSWORD_CHANGE_REQUIRED })
    at(signPage)
    fireEvent.click(await screen.findByRole('button', { name: /签\s*到/ }))
    expect(await screen.findByText(FORCED_TITLE)).toBeTruthy()
    expect(screen.getByPlaceholderText('请输入旧密码')).toBeTruthy()
    expect(screen.queryByText('请先修改密码后再使用系统')).toBeNull()
  })

  it('请假: a reason is required, then the request waits for the host', async () => {
    mock.onGet('/api/zzsh/sign').reply(200, meeting)
    const sent: unknown[] = []
    mock.onPost('/api/zzsh/sign/leave').reply((c) => {
      sent.push(body(c))
      return [200, { leaveState: 1 }]
    })
    at(signPage)
    fireEvent.click(await screen.findByRole('button', { name: /请假/ }))
    fireEvent.click(screen.getByRole('button', { name: /提交请假/ }))
    expect(await screen.findByText('请填写请假原因')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('请假原因'), { target: { value: '临时出差' } })
    fireEvent.click(screen.getByRole('button', { name: /提交请假/ }))
    expect(await screen.findByText('请假申请已提交')).toBeTruthy()
    expect(sent).toEqual([{ t: '1.1800000000.abc', reason: '临时出差' }])
  })

  it('a refused leave request shows the reason', async () => {
    mock.onGet('/api/zzsh/sign').reply(200, meeting)
    mock.onPost('/api/zzsh/sign/leave').reply(400, { message: '您已签到，不能请假' })
    at(signPage)
    fireEvent.click(await screen.findByRole('button', { name: /请假/ }))
    fireEvent.change(screen.getByLabelText('请假原因'), { target: { value: '出差' } })
    fireEvent.click(screen.getByRole('button', { name: /提交请假/ }))
    expect(await screen.findByText('您已签到，不能请假')).toBeTruthy()
  })

  it('without a code there is nothing to sign', async () => {
    at('/democratic/meeting/sign')
    expect(await screen.findByText('签到码无效')).toBeTruthy()
  })

  it('提交对照检查材料: signed out asks to sign in first', async () => {
    at('/democratic/meeting/check', false)
    expect(await screen.findByText('请先登录')).toBeTruthy()
  })

  it('提交对照检查材料: the member’s meetings, their files, an upload through their own route', async () => {
    mock.onGet('/api/zzsh/my/checks').reply(200, [
      { attendeeId: 5, meetingId: 1, topic: '年度组织生活会', orgName: '计算机教工党支部', typeName: '组织生活会', startsAt: '2026-12-01T06:00:00Z', state: 2, files: 1 },
    ])
    mock.onGet('/api/zzsh/my/attendees/5/attachments').reply(200, [{ id: 40, recordId: 5, kind: 'check', fileId: 8, name: '张三对照检查.pdf', size: 10 }])
    let uploaded = ''
    mock.onPost('/api/zzsh/my/attendees/5/attachments?kind=check').reply((c) => {
      uploaded = c.url!
      return [201, { id: 41, recordId: 5, kind: 'check', fileId: 9, name: '补充.pdf', size: 10 }]
    })
    const { container } = at('/democratic/meeting/check')
    expect(await screen.findByText('年度组织生活会')).toBeTruthy()
    expect(await screen.findByText('张三对照检查.pdf')).toBeTruthy()
    const input = container.querySelector('input[type=file]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], '补充.pdf', { type: 'application/pdf' })] } })
    await waitFor(() => expect(uploaded).toBe('/api/zzsh/my/attendees/5/attachments?kind=check'))
  })

  it('other democratic-meeting paths are not open yet', async () => {
    at('/democratic/meeting')
    expect(await screen.findByText(/尚未开放/)).toBeTruthy()
  })
})
