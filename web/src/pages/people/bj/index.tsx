import { DICT_GRADE } from '@/api/dicts'
import { defineResource, Dependent, ResourcePage } from '@/components/crud'
import TeacherSelect from '@/components/people/TeacherSelect'
import { peopleResource, unitField } from '../shared/fields'
import { classes } from '../shared/service'
import type { SchoolClass } from '../shared/types'
import CoverageNotice from '../shared/CoverageNotice'

export const classResource = defineResource<SchoolClass>({
  ...peopleResource('bj', '班级'),
  // The row is all the edit form needs: no detail request.
  api: { ...classes, detail: undefined },
  keyword: '班级名称或编码',
  scrollX: 1100,
  form: { dialog: true, width: 600 },
  fields: [
    { name: 'code', label: '班级编码', required: true, max: 32, width: 130, column: { sorter: true } },
    { name: 'name', label: '班级名称', required: true, max: 100, width: 180, column: { sorter: true } },
    { name: 'grade', label: '年级', type: 'dict', dict: DICT_GRADE, width: 90, search: true, column: { sorter: true } },
    { ...unitField<SchoolClass>(), width: 180, column: { ellipsis: true, sorter: true } },
    { name: 'major', label: '专业', max: 100, width: 160, column: { ellipsis: true }, search: true },
    {
      name: 'headTeacherId',
      label: '班主任',
      display: 'headTeacherName',
      type: 'custom',
      width: 100,
      form: {
        render: ({ form, record }) => (
          <Dependent form={form} on="unitDeptId" render={(unitId, c) => <TeacherSelect {...(c as object)} unitId={unitId as number | null} selectedLabel={record?.headTeacherName} />} />
        ),
      },
    },
    { name: 'studentCount', label: '学生人数', type: 'number', width: 90, form: false },
  ],
})

/** 班级信息: the classes of the caller's units with their student counts. */
export default function ClassPage() {
  return (
    <>
      <CoverageNotice />
      <ResourcePage resource={classResource} />
    </>
  )
}
