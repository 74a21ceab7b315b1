import { fireEvent, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MSG_BAD_LINK, MSG_NOT_AUDIENCE, type Fill } from '@/api/generated/survey'
import { body, mockApi } from '@/test/api'
import { renderAt } from '@/test/questionnaire'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const token = '0123456789abcdef0123456789abcdef'
const link = `/questionnaire/s/${token}`
const api = `/api/wj/link/${token}`
const fill = (over: Partial<Fill> = {}): Fill => ({
  title: '支部工作满意度调查', orgName: '计算机学院党委', anonymous: false, closesAt: null, answered: false, round: 0,
  paper: { title: '支部工作满意度调查', questions: [
    { key: 'q1', kind: 'single', title: '是否满意', required: true, options: [{ key: 'a', label: '满意' }, { key: 'b', label: '不满意' }] },
  ] },
  ...over,
})

const at = renderAt

describe('填写问卷 (public link)', { timeout: 30_000 }, () => {
  it('sends a signed-out member to the login page and back', async () => {
    at(link, false)
    expect(await screen.findByText(`登录页?redirect=${link}`)).toBeTruthy()
  })

  it('renders the paper, confirms and answers once', async () => {
    mock.onGet(api).reply(200, fill())
    const sent: unknown[] = []
    mock.onPost(api).reply((c) => {
      sent.push(body(c))
      return [200, fill({ answered: true })]
    })
    at(link)
    expect(await screen.findByText(/是否满意/)).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: '满意' }))
    fireEvent.click(screen.getByRole('button', { name: /提交问卷/ }))
    fireEvent.click(await screen.findByRole('button', { name: /^提\s*交$/ }))
    expect(await screen.findByText('您已填写本问卷')).toBeTruthy()
    expect(sent).toEqual([{ marks: [{ i: 'q1', c: 'a' }] }])
  })

  it('keeps a refused second answer’s reason in sight once the page shows the questionnaire answered', async () => {
    // Opened in two tabs: the first answered; this one still shows the paper, its answer is refused (409).
    mock.onGet(api).replyOnce(200, fill()).onGet(api).reply(200, fill({ answered: true }))
    mock.onPost(api).reply(409, { status: 409, message: '您已经填写过本问卷，每人只能填写一次' })
    at(link)
    fireEvent.click(await screen.findByRole('radio', { name: '满意' }))
    fireEvent.click(screen.getByRole('button', { name: /提交问卷/ }))
    fireEvent.click(await screen.findByRole('button', { name: /^提\s*交$/ }))
    expect(await screen.findByText('您已填写本问卷')).toBeTruthy()
    expect(screen.getByText('您已经填写过本问卷，每人只能填写一次')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /提交问卷/ })).toBeNull()
  })

  it('says why a link cannot be answered: wrong, stopped or expired; outside the audience; malformed', async () => {
    mock.onGet(api).replyOnce(404, { status: 404, message: MSG_BAD_LINK })
    const { unmount } = at(link)
    expect(await screen.findByText(MSG_BAD_LINK)).toBeTruthy()
    unmount()
    mock.onGet(api).replyOnce(403, { status: 403, message: MSG_NOT_AUDIENCE })
    const second = at(link)
    expect(await screen.findByText(MSG_NOT_AUDIENCE)).toBeTruthy()
    second.unmount()
    at('/questionnaire/s/not-a-token')
    expect(await screen.findByText(MSG_BAD_LINK)).toBeTruthy()
  })

  it('tells an anonymous questionnaire’s respondent that nothing links them to the answer', async () => {
    mock.onGet(api).reply(200, fill({ anonymous: true, round: 5 }))
    at(link)
    expect(await screen.findByText(/本问卷为匿名问卷/)).toBeTruthy()
  })
})
