import {
  DICT_EDUCATION,
  DICT_ETHNICITY,
  DICT_GENDER,
  DICT_GRADE,
  DICT_MEMBER_SOURCE,
  DICT_MEMBER_STATUS,
  DICT_PARTY_STATUS,
  DICT_PERSON_CATEGORY,
  DICT_PERSON_TYPE,
  DICT_POST,
  DICT_TITLE,
} from '@/api/dicts'
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
  /** 留党察看 since, while the rights are not restored (null otherwise). */
  underWatchSince?: string | null
  photoFileId: number | null
  warnings?: string[]
}

/** The dictionary fields of a member: field name → dictionary code and label. */
export const MEMBER_DICT_FIELDS = {
  gender: [DICT_GENDER, '性别'],
  ethnicity: [DICT_ETHNICITY, '民族'],
  education: [DICT_EDUCATION, '学历'],
  professionalTitle: [DICT_TITLE, '专业技术职称'],
  post: [DICT_POST, '工作岗位'],
  personCategory: [DICT_PERSON_CATEGORY, '人员类别'],
  personType: [DICT_PERSON_TYPE, '人员类型'],
  partyStatus: [DICT_PARTY_STATUS, '党籍状态'],
  memberStatus: [DICT_MEMBER_STATUS, '党员状态'],
  source: [DICT_MEMBER_SOURCE, '党员来源'],
  grade: [DICT_GRADE, '年级'],
} as const
