import type { ArchiveRecord } from './service'

/**
 * What each section of 个人档案 says when it has nothing, and why: a section is empty because its module
 * has no record of the member's (never because it failed: a failure shows the page's error).
 */
export const EMPTY = {
  development: '系统中没有您的发展党员记录（系统启用前入党或由校外转入的党员没有）',
  transfers: '暂无组织关系转接记录',
  fees: '暂无党费记录（尚未生成您的党费月份）',
  meetings: '暂无参加组织生活的记录（已结束且您已签到的会议会列在这里）',
  appraisal: '暂无民主评议记录',
  hours: '暂无学习学时记录',
  points: '暂无积分记录',
  honours: '暂无表彰记录（支部申报、上级党委审核通过的表彰会列在这里）',
} as const

export type Section = keyof typeof EMPTY

/** Whether a section has anything to show; the empty ones say EMPTY[section]. */
export function sectionIsEmpty(r: ArchiveRecord, section: Section): boolean {
  switch (section) {
    case 'development':
      return !r.development?.linked
    case 'transfers':
      return !r.transfers || r.transfers.transfers.length === 0
    case 'fees':
      return !r.fees || (r.fees.dues.length === 0 && r.fees.payments.length === 0)
    case 'meetings':
      return r.meetings.length === 0
    case 'appraisal':
      return !r.appraisal || r.appraisal.rounds.length === 0
    case 'hours':
      return !r.hours || (r.hours.nodes.length === 0 && r.hours.records.length === 0 && r.hours.total === 0)
    case 'points':
      return !r.points || r.points.entries.length === 0
    case 'honours':
      return r.honours.length === 0
  }
}
