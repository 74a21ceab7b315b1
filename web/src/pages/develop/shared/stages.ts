import type { Stage } from '@/api/develop'

/** The stages with a list page (menus develop/<stage>). */
export const LIST_STAGES = ['applicant', 'activist', 'target', 'probationary'] as const
export type ListStage = (typeof LIST_STAGES)[number]

/** The list a record of this stage belongs to; full members go back to 预备党员, ended records to 入党申请人. */
export function stageListPath(stage?: Stage | string): string {
  if (stage === 'full') return '/develop/probationary'
  return `/develop/${LIST_STAGES.includes(stage as ListStage) ? stage : 'applicant'}`
}
