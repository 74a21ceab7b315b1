import { post, put } from '@/api/request'
import { getFetcher, listFetcher } from '@/components/crud/query'
import type { Reminder, RemindRule } from './types'

const API = '/api/remind'

/** Every rule (a plain list: the table shows it as one page). */
export const fetchRules = listFetcher<RemindRule>(`${API}/rules`)

/** Changes a rule's window and/or switch; a field left out keeps its value. */
export const updateRule = (change: { type: number; window?: number; enabled?: number }) => put<void>(`${API}/rules`, change)

/** Evaluates a rule at once; answers the rule after the run. */
export const runRule = (type: number) => post<RemindRule>(`${API}/rules/run`, { type })

/** Reminders of the caller's scope: the open ones unless closed=true (filter type). */
export const fetchReminders = getFetcher<Reminder>(`${API}/reminders`)
