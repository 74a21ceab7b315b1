/** One run of a job (GET /api/jobs/runs). */
export interface JobRun {
  id: number
  jobName: string
  /** 1 by the schedule, 2 run now (spec §4 Task TYPE AUTO 1, CUSTOM 2). */
  trigger: number
  /** 2 running, 3 finished. */
  state: number
  /** null while running. */
  success: boolean | null
  error: string
  instance: string
  userId: number | null
  startTime: string
  finishTime: string | null
  durationMs: number | null
}

/** A job as the 定时任务 page lists it (GET /api/jobs). */
export interface Job {
  name: string
  title: string
  cron: string
  defaultCron: string
  /** cron and defaultCron in words, from the server ("每天 02:00"). */
  schedule: string
  defaultSchedule: string
  /** 0 off, 1 on. */
  enabled: number
  /** Of the last run; 1 when it never ran. */
  state: number
  lastRun: JobRun | null
  /** null when switched off. */
  nextRun: string | null
}

export const TRIGGER_LABELS: Record<number, string> = { 1: '定时', 2: '手动' }
