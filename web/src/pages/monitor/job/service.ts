import { post, put } from '@/api/request'
import { getFetcher, listFetcher } from '@/components/crud/query'
import type { Job, JobRun } from './types'

const API = '/api/jobs'

/** Every job (a plain list: the table shows it as one page). */
export const fetchJobs = listFetcher<Job>(API)

/** Changes a job's schedule and/or switch; a field left out keeps its value. */
export const updateJob = (change: { name: string; cron?: string; enabled?: number }) => put<void>(API, change)

/** Starts a run at once; answers its START row. */
export const runJob = (name: string) => post<JobRun>(`${API}/run`, { name })

/** Run history, newest first (filter jobName). */
export const fetchRuns = getFetcher<JobRun>(`${API}/runs`)
