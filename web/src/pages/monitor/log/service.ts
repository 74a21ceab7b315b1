import { getFetcher } from '@/components/crud/query'
import type { OperLog } from './types'

/** Filters: blurry, username, method, status, result (true = below 400), createTimeFrom/To. */
export const fetchOperLogs = getFetcher<OperLog>('/api/logs')
