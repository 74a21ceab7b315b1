import { Button, Space, type TableProps } from 'antd'
import { useState } from 'react'
import { CrudTable, useCrud, type SearchField } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { timeCell } from '@/components/format'
import ClassSelect from '@/components/people/ClassSelect'
import { usePersonalCells } from '@/components/personal/usePersonalCells'
import { useHasPermission } from '@/components/Permission'
import UnitSelect from '@/components/unit/UnitSelect'
import PeopleToolbar from '../shared/PeopleToolbar'
import { students } from '../shared/service'
import { DICT_EDUCATION_LEVEL, DICT_GENDER, DICT_GRADE, DICT_STUDENT_STATUS, type Student } from '../shared/types'
import StudentForm from './components/StudentForm'

/** 学生信息: the students of the caller's units. */
export default function StudentPage() {
  const crud = useCrud<Student>({ key: 'xsjbxx', fetch: students.fetch })
  const dicts = useDicts(DICT_GENDER, DICT_GRADE, DICT_STUDENT_STATUS, DICT_EDUCATION_LEVEL)
  const canEdit = useHasPermission(['ry:edit'])
  const canDelete = useHasPermission(['ry:del'])
  const personal = usePersonalCells<Student>('ry:unmask', students.detail)
  const [editing, setEditing] = useState<Student | 'new' | null>(null)

  const edit = async (s: Student) => {
    try {
      setEditing(await students.detail(s.id))
    } catch {
      /* shown by the request pipeline */
    }
  }

  const columns: TableProps<Student>['columns'] = [
    { title: '学号', dataIndex: 'studentNo', sorter: true, width: 130, fixed: 'left' },
    { title: '姓名', dataIndex: 'name', sorter: true, width: 100 },
    { title: '性别', dataIndex: 'genderLabel', key: 'gender', width: 70 },
    { title: '身份证号码', dataIndex: 'idNumber', width: 210, render: personal('idNumber') },
    { title: '手机号码', dataIndex: 'phone', width: 160, render: personal('phone') },
    { title: '所在单位', dataIndex: 'unitName', width: 160, ellipsis: true },
    { title: '班级', dataIndex: 'className', width: 150, ellipsis: true },
    { title: '年级', dataIndex: 'gradeLabel', key: 'grade', width: 80 },
    { title: '培养层次', dataIndex: 'educationLevelLabel', key: 'educationLevel', width: 100 },
    { title: '状态', dataIndex: 'statusLabel', key: 'status', width: 80 },
    { title: '入学日期', dataIndex: 'enrolledOn', width: 110 },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', width: 170, render: timeCell },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, s) =>
        canEdit && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => void edit(s)}>
              编辑
            </Button>
          </Space>
        ),
    },
  ]

  const searchFields: SearchField[] = [
    { name: 'blurry', label: '关键字', placeholder: '姓名、学号，或完整身份证号/手机号' },
    { name: 'unitDeptId', label: '单位', render: () => <UnitSelect style={{ width: 200 }} /> },
    { name: 'classId', label: '班级', render: () => <ClassSelect style={{ width: 200 }} /> },
    { name: 'grade', label: '年级', type: 'multiSelect', options: dicts[DICT_GRADE] },
    { name: 'status', label: '状态', type: 'multiSelect', options: dicts[DICT_STUDENT_STATUS] },
    { name: 'gender', label: '性别', type: 'select', options: dicts[DICT_GENDER] },
    { name: 'educationLevel', label: '培养层次', type: 'multiSelect', options: dicts[DICT_EDUCATION_LEVEL] },
  ]

  return (
    <>
      <CrudTable<Student>
        crud={crud}
        columns={columns}
        columnsKey="people.xsjbxx"
        searchFields={searchFields}
        scrollX={1700}
        onDelete={canDelete ? (ids) => students.remove(ids as number[]) : undefined}
        exportAction={{ url: '/api/xsjbxx/export', fileName: '学生信息.xlsx' }}
        emptyText="暂无学生"
        toolbar={<PeopleToolbar onAdd={() => setEditing('new')} importKind="xsjbxx" importTitle="学生信息" onImported={crud.reload} />}
      />
      {editing && <StudentForm student={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={crud.reload} />}
    </>
  )
}
