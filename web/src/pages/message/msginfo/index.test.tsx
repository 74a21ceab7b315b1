import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '@/test/render'
import MsgInfoPage from './index'

const api = vi.hoisted(() => ({
  workSummary: vi.fn(),
  workItems: vi.fn(),
  messagePage: vi.fn(),
  remindPage: vi.fn(),
  warningPage: vi.fn(),
  markTodosDone: vi.fn(),
  markMessagesRead: vi.fn(),
}))
vi.mock('@/api/message', () => api)

const page = <T,>(content: T[]) => Promise.resolve({ content, totalElements: content.length })

function open(tab: string) {
  return renderWithApp(
    <MemoryRouter initialEntries={[`/message/msginfo?tab=${tab}`]}>
      <MsgInfoPage />
    </MemoryRouter>,
  )
}

describe('message centre', () => {
  beforeEach(() => {
    vi.clearAllMocks()
    api.workSummary.mockResolvedValue({
      total: 3,
      groups: [
        { key: 'todo', title: '其他待办', count: 0 },
        { key: 'develop', title: '发展党员', count: 2 },
        { key: 'fee', title: '党费收缴', count: 1 },
      ],
    })
    api.workItems.mockImplementation((q: { key: string }) =>
      q.key === 'develop'
        ? page([
            { key: '12:talk', title: '发展党员记录待党组织派人谈话：张三', content: '', link: '/develop/record?id=12', due: '2000-01-01', since: new Date().toISOString() },
            { key: '13:talk', title: '发展党员记录待党组织派人谈话：李四', content: '', link: '/develop/record?id=13' },
          ])
        : q.key === 'fee'
          ? page([{ key: 'due:5', title: '党费未缴：王五（2026-11）', content: '', link: '/dfgl/onsite?month=2026-11&memberId=5' }])
          : page([{ key: 'todo:7', title: '审批入党申请', content: '张三的申请', link: '', todoId: 7 }]),
    )
    api.messagePage.mockImplementation(() =>
      page([
        { id: 3, title: '支部会议通知', content: '周五开会', senderName: '组织部', read: false, createTime: new Date().toISOString() },
        { id: 4, title: '已读消息', content: '', senderName: '组织部', read: true, createTime: new Date().toISOString() },
      ]),
    )
    api.markTodosDone.mockResolvedValue(undefined)
    api.markMessagesRead.mockResolvedValue(undefined)
    api.remindPage.mockImplementation(() => page([]))
    api.warningPage.mockImplementation(() => page([]))
  })

  it('lists the work lists by module with their counts, opens the first with items, each item linking to where it is done', async () => {
    open('todo')
    expect(await screen.findByText('发展党员记录待党组织派人谈话：张三')).toBeTruthy()
    expect(api.workItems).toHaveBeenCalledWith(expect.objectContaining({ key: 'develop', page: 0 }))
    expect(screen.getByText('发展党员（2）')).toBeTruthy()
    expect(screen.getByText('党费收缴（1）')).toBeTruthy()
    expect(screen.getByText('已逾期 2000-01-01')).toBeTruthy()
    const links = screen.getAllByRole('link', { name: '办理' }).map((a) => a.getAttribute('href'))
    expect(links).toEqual(['/develop/record?id=12', '/develop/record?id=13'])
    // A computed item is done where it links: no 标记已办.
    expect(screen.queryByRole('button', { name: '标记已办' })).toBeNull()
    fireEvent.click(screen.getByText('党费收缴（1）'))
    expect(await screen.findByText('党费未缴：王五（2026-11）')).toBeTruthy()
    expect(screen.getByRole('link', { name: '办理' }).getAttribute('href')).toBe('/dfgl/onsite?month=2026-11&memberId=5')
  }, 20000)

  it('marks a stored to-do done, then reloads the list and the badge', async () => {
    api.workSummary.mockResolvedValue({ total: 1, groups: [{ key: 'todo', title: '其他待办', count: 1 }] })
    open('todo')
    expect(await screen.findByText('审批入党申请')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '标记已办' }))
    await waitFor(() => expect(api.markTodosDone).toHaveBeenCalledWith([7]))
    await waitFor(() => expect(api.workItems.mock.calls.filter(([q]) => q.key === 'todo').length).toBeGreaterThanOrEqual(2))
    await waitFor(() => expect(api.workSummary).toHaveBeenCalledWith(true))
  }, 20000)

  it('says what will appear when nothing waits', async () => {
    api.workSummary.mockResolvedValue({ total: 0, groups: [{ key: 'todo', title: '其他待办', count: 0 }] })
    open('todo')
    expect(await screen.findByText(/暂无待办事项/)).toBeTruthy()
  }, 20000)

  it('shows unread messages and marks the whole page read', async () => {
    open('message')
    expect(await screen.findByText('支部会议通知')).toBeTruthy()
    expect(screen.getAllByText('未读')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: '本页全部已读' }))
    await waitFor(() => expect(api.markMessagesRead).toHaveBeenCalledWith([3, 4]))
    await waitFor(() => expect(api.remindPage).toHaveBeenCalled())
  }, 20000)
})
