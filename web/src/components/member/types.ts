import type { PersonRecord } from '@/components/personal/person'

/** A member as GET /api/dyjbxx and /api/dyjbxx/{id} answer (personal fields masked unless unmasked). */
export interface Member extends PersonRecord {
  education: string
  educationLabel: string
  professionalTitle: string
  professionalTitleLabel: string
  post: string
  postLabel: string
  personCategory: string
  personCategoryLabel: string
  personType: string
  personTypeLabel: string
  partyStatus: string
  partyStatusLabel: string
  memberStatus: string
  memberStatusLabel: string
  /** "转出中" while a transfer out of the member's branch is under way. */
  transferring?: string
  source: string
  sourceLabel: string
  staffOrStudentNo: string
  grade: string
  gradeLabel: string
  className: string
  unitDeptId: number | null
  orgId: number
  orgName: string
  userId: number | null
  /** The linked account's username ('' when none). */
  account: string
  appliedOn: string | null
  joinedOn: string | null
  fullOn: string | null
  photoFileId: number | null
  warnings?: string[]
}

/** The dictionary fields of a member: field name → dictionary code and label. */
export const MEMBER_DICT_FIELDS = {
  gender: ['DJ_COMM_XB', '性别'],
  ethnicity: ['DJ_COMM_MZXX', '民族'],
  education: ['DJ_DY_XLXX', '学历'],
  professionalTitle: ['DJ_JBXX_ZYJSZC', '专业技术职称'],
  post: ['DJ_DY_GZGWXX', '工作岗位'],
  personCategory: ['DJ_DY_RYLBXX', '人员类别'],
  personType: ['DJ_DYJBXX_RYLX', '人员类型'],
  partyStatus: ['DJ_DY_DJZTXX', '党籍状态'],
  memberStatus: ['DY_ZT', '党员状态'],
  source: ['DY_LY', '党员来源'],
  grade: ['njOptions', '年级'],
} as const
