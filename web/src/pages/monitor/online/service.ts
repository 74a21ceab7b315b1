import { del } from '@/api/request'
import { getFetcher } from '@/components/crud'
import type { OnlineSession } from './types'

export const fetchOnline = getFetcher<OnlineSession>('/api/online')
/** Ends the sessions at once; their users must sign in again. */
export const kickSessions = (ids: number[]) => del<void>('/api/online', ids)
