import { getFetcher } from '@/components/crud/query'
import type { LoginLog } from './types'

/** Filters: blurry, username, success, createTimeFrom/To. */
export const fetchLoginLogs = getFetcher<LoginLog>('/api/logs/login')
