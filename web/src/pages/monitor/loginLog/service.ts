import { getFetcherWithDates } from '@/components/crud/filters'
import type { LoginLog } from './types'

/** Filters: blurry, username, success, createTimeFrom/To. */
export const fetchLoginLogs = getFetcherWithDates<LoginLog>('/api/logs/login')
