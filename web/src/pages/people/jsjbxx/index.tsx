import { DICT_POST, DICT_TEACHER_STATUS, DICT_TITLE } from '@/api/dicts'
import { defineResource, ResourcePage } from '@/components/crud'
import { deriveFromIdNumber } from '@/components/personal/personalFields'
import { personFields, personResource } from '../shared/fields'
import { teachers } from '../shared/service'
import type { Teacher } from '../shared/types'
import CoverageNotice from '../shared/CoverageNotice'

const p = personFields<Teacher>(DICT_TEACHER_STATUS, '离职日期')

export const teacherResource = defineResource<Teacher>({
  ...personResource('jsjbxx', '教师', '工号'),
  api: teachers,
  scrollX: 1500,
  form: { initial: { status: '1' }, onValuesChange: deriveFromIdNumber },
  fields: [
    { name: 'staffNo', label: '工号', required: true, max: 32, width: 120, column: { sorter: true, fixed: 'left' } },
    ...p.identity,
    { ...p.unit, column: { ellipsis: true, sorter: true } },
    { name: 'professionalTitle', label: '专业技术职称', type: 'dict', dict: DICT_TITLE, width: 120, search: { label: '职称' } },
    { name: 'post', label: '工作岗位', type: 'dict', dict: DICT_POST, width: 110, search: { label: '岗位' } },
    p.status,
    p.leftOn,
    { ...p.createTime, column: { sorter: true } },
    p.remark,
  ],
})

/** 教师信息: the teachers of the caller's units. */
export default function TeacherPage() {
  return (
    <>
      <CoverageNotice />
      <ResourcePage resource={teacherResource} />
    </>
  )
}
