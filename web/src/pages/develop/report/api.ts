import { downloadFile } from '@/api/file'
import { get } from '@/api/request'
import { reportParams as params, type ReportQuery } from '@/components/report/query'

export type { ReportQuery }

/** One line of the 发展党员名册 (GET /api/fzdy/reports/register). */
export interface RegisterRow {
  id: number
  name: string
  gender: string
  genderLabel: string
  ethnicity: string
  ethnicityLabel: string
  birthDate: string
  education: string
  educationLabel: string
  personCategory: string
  personCategoryLabel: string
  personNo: string
  orgId: number
  orgName: string
  appliedOn: string
  activistOn: string
  targetOn: string
  admittedOn: string
  approvedOn: string
  volunteerNo: string | null
  /** The sponsors' names, "、"-separated. */
  sponsors: string
}

/** One column of a dimension of the yearly table. */
export interface YearlyCell {
  key: string
  label: string
  count: number
}

/** The yearly table (GET /api/fzdy/reports/yearly): each dimension sums to total. */
export interface Yearly {
  year: number
  total: number
  gender: YearlyCell[]
  ethnicity: YearlyCell[]
  age: YearlyCell[]
  /** 研究生, 大学本科, 大学专科, 中专, 高中及以下 (RULES.md §6), and 未填. */
  education: YearlyCell[]
  /** The 中组部 occupation groups the school's categories and posts map onto. */
  occupation: YearlyCell[]
  /** The school's own 人员类别. */
  category: YearlyCell[]
}

/** The dimensions of the yearly table in the order the party statistics list them. */
export const DIMENSIONS = [
  { key: 'gender', title: '性别' },
  { key: 'ethnicity', title: '民族' },
  { key: 'age', title: '年龄（审批时）' },
  { key: 'education', title: '学历' },
  { key: 'occupation', title: '职业' },
  { key: 'category', title: '人员类别' },
] as const satisfies readonly { key: keyof Yearly; title: string }[]

export const getRegister = (q: ReportQuery) => get<RegisterRow[]>('/api/fzdy/reports/register', params(q))
export const getYearly = (q: ReportQuery) => get<Yearly>('/api/fzdy/reports/yearly', params(q))
export const exportRegister = (q: ReportQuery) => downloadFile('/api/fzdy/reports/register/export', params(q), `发展党员名册-${q.year}.xlsx`)
export const exportYearly = (q: ReportQuery) => downloadFile('/api/fzdy/reports/yearly/export', params(q), `发展党员年度统计-${q.year}.xlsx`)
