import { markMessagesRead, markTodosDone, messagePage, todoPage } from '@/api/message'
import type { CrudFetcher } from '@/components/crud'
import type { MessageItem, TodoItem } from '@/api/message'

export const fetchTodos: CrudFetcher<TodoItem> = (q) => todoPage({ page: q.page, size: q.size, sort: q.sort, done: false })
export const fetchMessages: CrudFetcher<MessageItem> = (q) => messagePage({ page: q.page, size: q.size, sort: q.sort })
export { markMessagesRead, markTodosDone }
