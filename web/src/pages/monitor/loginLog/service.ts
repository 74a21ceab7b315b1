import { getFetcherWithDates } from '../../system/shared/filters'
import type { LoginLog } from './types'

/** Filters: blurry, username, success, createTimeFrom/To. */
export const fetchLoginLogs = getFetcherWithDates<LoginLog>('/api/logs/login')
