import { markMessagesRead, messagePage } from '@/api/message'
import type { CrudFetcher } from '@/components/crud'
import type { MessageItem } from '@/api/message'

export const fetchMessages: CrudFetcher<MessageItem> = (q) => messagePage({ page: q.page, size: q.size, sort: q.sort })
export { markMessagesRead }
