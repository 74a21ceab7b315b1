/** A member as GET /api/dyjbxx and /api/dyjbxx/{id} answer (personal fields masked unless unmasked). */
export interface Member {
  id: number
  name: string
  gender: string
  genderLabel: string
  ethnicity: string
  ethnicityLabel: string
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
  source: string
  sourceLabel: string
  idNumber: string
  phone: string
  masked: boolean
  birthDate: string | null
  staffOrStudentNo: string
  grade: string
  gradeLabel: string
  className: string
  unitDeptId: number | null
  unitName: string
  orgId: number
  orgName: string
  userId: number | null
  appliedOn: string | null
  joinedOn: string | null
  fullOn: string | null
  photoFileId: number | null
  remark: string
  createTime: string
  updateTime: string
  warnings?: string[]
}

/** Body of create and update (dates "YYYY-MM-DD"). */
export interface MemberBody {
  id?: number
  name: string
  gender?: string
  ethnicity?: string
  education?: string
  professionalTitle?: string
  post?: string
  personCategory?: string
  personType?: string
  partyStatus: string
  memberStatus?: string
  source?: string
  idNumber?: string
  phone?: string
  birthDate?: string
  staffOrStudentNo?: string
  grade?: string
  className?: string
  unitDeptId?: number | null
  orgId: number
  appliedOn?: string
  joinedOn?: string
  fullOn?: string
  remark?: string
}

/** The dictionary fields of a member: form field, dictionary, label. */
export const MEMBER_DICT_FIELDS = [
  { name: 'gender', dict: 'DJ_COMM_XB', label: '性别' },
  { name: 'ethnicity', dict: 'DJ_COMM_MZXX', label: '民族' },
  { name: 'education', dict: 'DJ_DY_XLXX', label: '学历' },
  { name: 'professionalTitle', dict: 'DJ_JBXX_ZYJSZC', label: '专业技术职称' },
  { name: 'post', dict: 'DJ_DY_GZGWXX', label: '工作岗位' },
  { name: 'personCategory', dict: 'DJ_DY_RYLBXX', label: '人员类别' },
  { name: 'personType', dict: 'DJ_DYJBXX_RYLX', label: '人员类型' },
  { name: 'partyStatus', dict: 'DJ_DY_DJZTXX', label: '党籍状态' },
  { name: 'memberStatus', dict: 'DY_ZT', label: '党员状态' },
  { name: 'source', dict: 'DY_LY', label: '党员来源' },
  { name: 'grade', dict: 'njOptions', label: '年级' },
] as const

export const MEMBER_DICTS = MEMBER_DICT_FIELDS.map((f) => f.dict)
