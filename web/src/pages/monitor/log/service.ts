import { get } from '@/api/request'
import type { OperLog } from './types'

/** One row with its request (GET /api/logs/{id}). */
export const operLogDetail = (id: number) => get<OperLog>(`/api/logs/${id}`)
