import { Button, type TableProps } from 'antd'
import { useState } from 'react'
import { CrudTable, useCrud, type SearchField } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { timeCell } from '@/components/format'
import { usePersonalCells } from '@/components/personal/usePersonalCells'
import { useHasPermission } from '@/components/Permission'
import UnitSelect from '@/components/unit/UnitSelect'
import PeopleToolbar from '../shared/PeopleToolbar'
import { teachers } from '../shared/service'
import { DICT_GENDER, DICT_POST, DICT_TEACHER_STATUS, DICT_TITLE, type Teacher } from '../shared/types'
import TeacherForm from './components/TeacherForm'

/** 教师信息: the teachers of the caller's units. */
export default function TeacherPage() {
  const crud = useCrud<Teacher>({ key: 'jsjbxx', fetch: teachers.fetch })
  const dicts = useDicts(DICT_GENDER, DICT_TEACHER_STATUS, DICT_TITLE, DICT_POST)
  const canEdit = useHasPermission(['ry:edit'])
  const canDelete = useHasPermission(['ry:del'])
  const personal = usePersonalCells<Teacher>('ry:unmask', teachers.detail)
  const [editing, setEditing] = useState<Teacher | 'new' | null>(null)

  const edit = async (t: Teacher) => {
    try {
      setEditing(await teachers.detail(t.id))
    } catch {
      /* shown by the request pipeline */
    }
  }

  const columns: TableProps<Teacher>['columns'] = [
    { title: '工号', dataIndex: 'staffNo', sorter: true, width: 120, fixed: 'left' },
    { title: '姓名', dataIndex: 'name', sorter: true, width: 100 },
    { title: '性别', dataIndex: 'genderLabel', key: 'gender', width: 70 },
    { title: '身份证号码', dataIndex: 'idNumber', width: 210, render: personal('idNumber') },
    { title: '手机号码', dataIndex: 'phone', width: 160, render: personal('phone') },
    { title: '所在单位', dataIndex: 'unitName', key: 'unitName', sorter: true, width: 160, ellipsis: true },
    { title: '专业技术职称', dataIndex: 'professionalTitleLabel', key: 'professionalTitle', width: 120 },
    { title: '工作岗位', dataIndex: 'postLabel', key: 'post', width: 110 },
    { title: '状态', dataIndex: 'statusLabel', key: 'status', width: 80 },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170, render: timeCell },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, t) =>
        canEdit && (
          <Button type="link" size="small" onClick={() => void edit(t)}>
            编辑
          </Button>
        ),
    },
  ]

  const searchFields: SearchField[] = [
    { name: 'blurry', label: '关键字', placeholder: '姓名、工号，或完整身份证号/手机号' },
    { name: 'unitDeptId', label: '单位', render: () => <UnitSelect style={{ width: 200 }} /> },
    { name: 'status', label: '状态', type: 'multiSelect', options: dicts[DICT_TEACHER_STATUS] },
    { name: 'gender', label: '性别', type: 'select', options: dicts[DICT_GENDER] },
    { name: 'professionalTitle', label: '职称', type: 'multiSelect', options: dicts[DICT_TITLE] },
    { name: 'post', label: '岗位', type: 'multiSelect', options: dicts[DICT_POST] },
  ]

  return (
    <>
      <CrudTable<Teacher>
        crud={crud}
        columns={columns}
        columnsKey="people.jsjbxx"
        searchFields={searchFields}
        scrollX={1500}
        onDelete={canDelete ? (ids) => teachers.remove(ids as number[]) : undefined}
        exportAction={{ url: '/api/jsjbxx/export', fileName: '教师信息.xlsx' }}
        emptyText="暂无教师"
        toolbar={<PeopleToolbar onAdd={() => setEditing('new')} importKind="jsjbxx" importTitle="教师信息" onImported={crud.reload} />}
      />
      {editing && <TeacherForm teacher={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={crud.reload} />}
    </>
  )
}
