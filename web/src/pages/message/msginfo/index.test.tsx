import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '@/test/render'
import MsgInfoPage from './index'

const api = vi.hoisted(() => ({
  todoPage: vi.fn(),
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
    api.todoPage.mockImplementation(() => page([{ id: 7, title: '审批入党申请', content: '张三的申请', createTime: new Date().toISOString() }]))
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

  it('lists open to-dos and marks one done, then reloads', async () => {
    open('todo')
    expect(await screen.findByText('审批入党申请')).toBeTruthy()
    expect(api.todoPage).toHaveBeenCalledWith(expect.objectContaining({ done: false, page: 0 }))
    fireEvent.click(screen.getByRole('button', { name: '标记已办' }))
    await waitFor(() => expect(api.markTodosDone).toHaveBeenCalledWith([7]))
    // The list reloads and the top-bar to-do badge is refreshed.
    await waitFor(() => expect(api.todoPage.mock.calls.filter(([q]) => q.done === false)).toHaveLength(2))
    await waitFor(() => expect(api.todoPage).toHaveBeenCalledWith({ page: 0, size: 1 }, true))
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
