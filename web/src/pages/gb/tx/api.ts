import { get, put } from '@/api/request'
import type { Page } from '@/api/request'
import type { Due, ReminderType, Rules } from '@/api/generated/gbanalysis'

// The reminders' JSON is the server's (zhdj gen: internal/cadre/analysis, internal/cadre/alert).
export type { Due, ReminderType, Rule, Rules, Setting } from '@/api/generated/gbanalysis'
export { REMINDER_NAMES, REMINDER_TYPES } from '@/api/generated/gbanalysis'

export const getDue = (q: { type?: ReminderType; page: number; size: number }) => get<Page<Due>>('/api/gb/tx/due', q)
export const getRules = () => get<Rules>('/api/gb/tx/rules')
export const updateRule = (change: { type: ReminderType; window?: number; enabled?: number }) => put<void>('/api/gb/tx/rules', change)
export const updateSetting = (key: string, value: number) => put<void>('/api/gb/tx/settings', { key, value })
