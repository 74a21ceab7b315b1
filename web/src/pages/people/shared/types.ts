import type { PersonRecord } from '@/components/personal/person'

/** The part students and teachers share, as the API shows it (personal fields masked unless unmasked). */
export interface PersonView extends PersonRecord {
  unitDeptId: number
  status: string
  statusLabel: string
  leftOn?: string
}

export interface Student extends PersonView {
  studentNo: string
  classId: number | null
  className: string
  grade: string
  gradeLabel: string
  educationLevel: string
  educationLevelLabel: string
  enrolledOn: string | null
}

export interface Teacher extends PersonView {
  staffNo: string
  professionalTitle: string
  professionalTitleLabel: string
  post: string
  postLabel: string
}

export interface SchoolClass {
  id: number
  code: string
  name: string
  grade: string
  gradeLabel: string
  unitDeptId: number
  unitName: string
  major: string
  headTeacherId: number | null
  headTeacherName: string
  studentCount: number
  createTime: string
  updateTime: string
}
