import { Tag } from 'antd'
import dayjs from 'dayjs'
import { GRADE_NAMES, REPORT_STATE_NAMES, REPORT_STATES, type Grade, type ReportView } from '@/api/generated/secreview'

/** A time as people read it (— for none). */
export const clock = (t: string | null | undefined) => (t ? dayjs(t).format('YYYY-MM-DD HH:mm') : '—')

const STATE_COLORS: Record<number, string | undefined> = {
  [REPORT_STATES.draft]: undefined,
  [REPORT_STATES.submitted]: 'processing',
  [REPORT_STATES.returned]: 'warning',
  [REPORT_STATES.graded]: 'success',
}

/** A report's state; 书记空缺 for an organisation without a secretary linked to a member. */
export function StateTag({ report }: { report: Pick<ReportView, 'state' | 'vacant'> }) {
  if (report.vacant) return <Tag color="default">书记空缺</Tag>
  return <Tag color={STATE_COLORS[report.state]}>{REPORT_STATE_NAMES[report.state]}</Tag>
}

const GRADE_COLORS: Record<Grade, string> = { good: 'green', fair: 'blue', average: 'orange', poor: 'red' }

export function GradeTag({ grade }: { grade: ReportView['grade'] }) {
  return grade ? <Tag color={GRADE_COLORS[grade]}>{GRADE_NAMES[grade]}</Tag> : <>—</>
}

/** The secretary as the table shows them: 书记空缺, or a name typed without its member record. */
export function secretaryText(r: Pick<ReportView, 'vacant' | 'secretaryName'>) {
  if (r.vacant && !r.secretaryName) return '书记空缺'
  if (r.vacant) return `${r.secretaryName}（未关联党员）`
  return r.secretaryName
}
