import { get, put } from '@/api/request'
import type { CalendarYear, DayKind } from './types'

const API = '/api/calendar'

export const fetchYear = (year: number) => get<CalendarYear>(API, { year })

/** Marks a date (kind '' returns it to the weekday rule). */
export const setDay = (day: { date: string; kind: DayKind | ''; name: string }) => put<void>(`${API}/day`, day)

export const setNote = (year: number, note: string) => put<void>(`${API}/year`, { year, note })
