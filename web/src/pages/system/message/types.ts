import type { PickedUser } from '@/components/UserPicker'

export type NoticeKind = 'message' | 'todo'

/** The form: a message (消息, optionally a pop-up reminder) or a to-do (待办). */
export interface NoticeForm {
  kind: NoticeKind
  title: string
  content: string
  link: string
  isRemind: boolean
  users: PickedUser[]
}

/** Body of POST /api/msgPushHistory and /api/msgTodo. */
export interface NoticeBody {
  title: string
  content: string
  link: string
  userIds: number[]
  isRemind?: boolean
}
