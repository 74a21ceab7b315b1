import { getFetcherWithDates } from '@/components/crud/filters'
import type { OperLog } from './types'

/** Filters: blurry, username, method, status, result (true = below 400), createTimeFrom/To. */
export const fetchOperLogs = getFetcherWithDates<OperLog>('/api/logs')
