import type { Stage } from '@/api/develop'

/** The stages with a list page (menus develop/<stage>). */
export const LIST_STAGES = ['applicant', 'activist', 'target', 'probationary'] as const
export type ListStage = (typeof LIST_STAGES)[number]

/** The lists that can also show the records past every stage: 预备党员 those made full, 入党申请人 those ended. */
export const ENDED_SHOWN: Partial<Record<ListStage, { stage: Stage; label: string }>> = {
  probationary: { stage: 'full', label: '含已转正' },
  applicant: { stage: 'ended', label: '含已终止的记录' },
}

/** The list a record of this stage belongs to; full members go back to 预备党员, ended records to 入党申请人, each list showing them. */
export function stageListPath(stage?: Stage | string): string {
  if (stage === 'full') return '/develop/probationary?with=full'
  if (stage === 'ended') return '/develop/applicant?with=ended'
  return `/develop/${LIST_STAGES.includes(stage as ListStage) ? stage : 'applicant'}`
}
