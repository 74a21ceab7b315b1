import { get } from '@/api/request'
import { getFetcher } from '@/components/crud/query'
import type { OperLog } from './types'

/** Filters: blurry, username, module, method, status, result (true = below 400), createTimeFrom/To. */
export const fetchOperLogs = getFetcher<OperLog>('/api/logs')

/** One row with its request (GET /api/logs/{id}). */
export const operLogDetail = (id: number) => get<OperLog>(`/api/logs/${id}`)
