import { defineResource, Dependent, ResourcePage } from '@/components/crud'
import ClassSelect from '@/components/people/ClassSelect'
import { deriveFromIdNumber } from '@/components/personal/personalFields'
import { personFields, personResource } from '../shared/fields'
import { students } from '../shared/service'
import { DICT_EDUCATION_LEVEL, DICT_GRADE, DICT_STUDENT_STATUS, type Student } from '../shared/types'

const p = personFields<Student>(DICT_STUDENT_STATUS)

export const studentResource = defineResource<Student>({
  ...personResource('xsjbxx', '学生', '学号'),
  api: students,
  scrollX: 1700,
  form: {
    initial: { status: '1' },
    onValuesChange: (form, changed) => {
      deriveFromIdNumber(form, changed)
      // A class belongs to one unit: a new unit drops the class chosen for the old one.
      if ('unitDeptId' in changed && form.getFieldValue('classId')) form.setFieldValue('classId', null)
    },
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
      search: { render: () => <ClassSelect style={{ width: 200 }} /> },
      form: {
        render: ({ form, record }) => (
          <Dependent
            form={form}
            on="unitDeptId"
            render={(unitId, c) => (
              <ClassSelect {...(c as object)} unitId={unitId as number | null} selectedLabel={record?.className} placeholder={unitId ? '请选择班级' : '请先选择所在单位'} />
            )}
          />
        ),
      },
    },
    { name: 'grade', label: '年级', type: 'dict', dict: DICT_GRADE, width: 80, search: true, form: { extra: '不选则取所在班级的年级' } },
    { name: 'educationLevel', label: '培养层次', type: 'dict', dict: DICT_EDUCATION_LEVEL, width: 100, search: true },
    p.status,
    { name: 'enrolledOn', label: '入学日期', type: 'date', width: 110 },
    p.createTime,
    p.remark,
  ],
})

/** 学生信息: the students of the caller's units. */
export default function StudentPage() {
  return <ResourcePage resource={studentResource} />
}
