import { get, post, type Page } from './request'

/** Record fields as the server returns them (internal/system/models.go; not yet listed in docs/api.md). */
export interface TodoItem {
  id: number
  title: string
  content: string
  link: string
  module: string
  bizId: string
  done: boolean
  doneTime: string | null
  createTime: string
}

export interface MessageItem {
  id: number
  title: string
  content: string
  link: string
  isRemind: boolean
  read: boolean
  readTime: string | null
  senderName?: string
  createTime: string
}

export interface WarningItem {
  id: number
  type: string
  title: string
  content: string
  link: string
  level: string
  resolved: boolean
  createTime: string
}

export type WarningPage = Page<WarningItem> & { totalWarningNum: number }

export interface PageQuery {
  page: number
  size: number
  sort?: string[]
}

/** Polling calls are silent: a badge that fails to refresh should not raise a notification every 30 s. */
const quiet = { silent: true }

export const todoPage = (q: PageQuery & { done?: boolean }, silent = false) =>
  get<Page<TodoItem>>('/api/msgTodo/getTodo', q, silent ? quiet : undefined)
export const markTodosDone = (ids: number[]) => post<void>('/api/msgTodo/updateTodo', ids)
export const remindPage = (silent = false) => get<Page<MessageItem>>('/api/msgPushHistory/getRemind', undefined, silent ? quiet : undefined)
export const messagePage = (q: PageQuery) => get<Page<MessageItem>>('/api/msgPushHistory/list', q)
export const markMessagesRead = (ids: number[]) => post<void>('/api/msgPushHistory/updateRemind', ids)
export const warningPage = (q: PageQuery, silent = false) => get<WarningPage>('/api/warning', q, silent ? quiet : undefined)

/** One thing waiting for the caller in a module's work list (internal/platform/worklist Item). */
export interface WorkItem {
  key: string
  title: string
  content: string
  /** The page where it is done. */
  link: string
  /** When it began waiting. */
  since?: string
  /** Its deadline, YYYY-MM-DD. */
  due?: string
  /** A stored to-do (其他待办): only those are marked done by hand. */
  todoId?: number
}

/** A module's work list with the caller's count. */
export interface WorkGroup {
  key: string
  title: string
  count: number
}

export interface WorkSummary {
  total: number
  groups: WorkGroup[]
}

/** The caller's work lists with their counts (the 待办 badge, the tabs of 待办事项). */
export const workSummary = (silent = false) => get<WorkSummary>('/api/worklist', undefined, silent ? quiet : undefined)
/** A page of one work list. */
export const workItems = (q: PageQuery & { key: string }) => get<Page<WorkItem>>('/api/worklist/items', q)
