import { post } from '@/api/request'
import type { NoticeBody } from './types'

/** One message per recipient, all or none → how many were sent. */
export const sendMessage = (body: NoticeBody) => post<{ count: number }>('/api/msgPushHistory', body)
/** One to-do per recipient, all or none. */
export const sendTodo = (body: Omit<NoticeBody, 'isRemind'>) => post<{ count: number }>('/api/msgTodo', body)
