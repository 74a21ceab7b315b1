import { DICT_EDUCATION_LEVEL, DICT_GRADE, DICT_STUDENT_STATUS } from '@/api/dicts'
import { defineResource, ResourcePage } from '@/components/crud'
import { ClassInFormSelect } from '@/components/people/ClassSelect'
import { deriveFromIdNumber } from '@/components/personal/personalFields'
import { personFields, personResource } from '../shared/fields'
import { students } from '../shared/service'
import type { Student } from '../shared/types'
import CoverageNotice from '../shared/CoverageNotice'

const p = personFields<Student>(DICT_STUDENT_STATUS, '离校日期')

export const studentResource = defineResource<Student>({
  ...personResource('xsjbxx', '学生', '学号'),
  api: students,
  scrollX: 1700,
  form: {
    initial: { status: '1' },
    // A new unit or grade drops the class chosen before (ClassInFormSelect).
    onValuesChange: (form, changed) => deriveFromIdNumber(form, changed),
  },
  fields: [
    { name: 'studentNo', label: '学号', required: true, max: 32, width: 130, column: { sorter: true, fixed: 'left' } },
    ...p.identity,
    p.unit,
    {
      name: 'classId',
      label: '班级',
      display: 'className',
      type: 'custom',
      width: 150,
      column: { ellipsis: true },
      // The classes of the unit and grade chosen beside it, in the search as in the form.
      search: { render: () => <ClassInFormSelect style={{ width: 200 }} /> },
      form: { render: ({ record }) => <ClassInFormSelect selectedLabel={record?.className} /> },
    },
    { name: 'grade', label: '年级', type: 'dict', dict: DICT_GRADE, width: 80, search: true, form: { extra: '不选则取所在班级的年级' } },
    { name: 'educationLevel', label: '培养层次', type: 'dict', dict: DICT_EDUCATION_LEVEL, width: 100, search: true },
    p.status,
    p.leftOn,
    { name: 'enrolledOn', label: '入学日期', type: 'date', width: 110 },
    p.createTime,
    p.remark,
  ],
})

/** 学生信息: the students of the caller's units. */
export default function StudentPage() {
  return (
    <>
      <CoverageNotice />
      <ResourcePage resource={studentResource} />
    </>
  )
}
