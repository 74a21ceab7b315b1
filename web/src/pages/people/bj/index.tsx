import { Button, type TableProps } from 'antd'
import { useState } from 'react'
import { CrudTable, useCrud, type SearchField } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { useHasPermission } from '@/components/Permission'
import UnitSelect from '@/components/unit/UnitSelect'
import PeopleToolbar from '../shared/PeopleToolbar'
import { classes } from '../shared/service'
import { DICT_GRADE, type SchoolClass } from '../shared/types'
import ClassForm from './components/ClassForm'

/** 班级信息: the classes of the caller's units with their student counts. */
export default function ClassPage() {
  const crud = useCrud<SchoolClass>({ key: 'bj', fetch: classes.fetch })
  const dicts = useDicts(DICT_GRADE)
  const canEdit = useHasPermission(['ry:edit'])
  const canDelete = useHasPermission(['ry:del'])
  const [editing, setEditing] = useState<SchoolClass | 'new' | null>(null)

  const columns: TableProps<SchoolClass>['columns'] = [
    { title: '班级编码', dataIndex: 'code', sorter: true, width: 130 },
    { title: '班级名称', dataIndex: 'name', sorter: true, width: 180 },
    { title: '年级', dataIndex: 'gradeLabel', key: 'grade', sorter: true, width: 90 },
    { title: '所在单位', dataIndex: 'unitName', key: 'unitName', sorter: true, width: 180, ellipsis: true },
    { title: '专业', dataIndex: 'major', width: 160, ellipsis: true },
    { title: '班主任', dataIndex: 'headTeacherName', width: 100 },
    { title: '学生人数', dataIndex: 'studentCount', width: 90 },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, c) =>
        canEdit && (
          <Button type="link" size="small" onClick={() => setEditing(c)}>
            编辑
          </Button>
        ),
    },
  ]

  const searchFields: SearchField[] = [
    { name: 'blurry', label: '关键字', placeholder: '班级名称或编码' },
    { name: 'unitDeptId', label: '单位', render: () => <UnitSelect style={{ width: 200 }} /> },
    { name: 'grade', label: '年级', type: 'multiSelect', options: dicts[DICT_GRADE] },
    { name: 'major', label: '专业' },
  ]

  return (
    <>
      <CrudTable<SchoolClass>
        crud={crud}
        columns={columns}
        columnsKey="people.bj"
        searchFields={searchFields}
        scrollX={1100}
        onDelete={canDelete ? (ids) => classes.remove(ids as number[]) : undefined}
        exportAction={{ url: '/api/bj/export', fileName: '班级信息.xlsx' }}
        emptyText="暂无班级"
        toolbar={<PeopleToolbar onAdd={() => setEditing('new')} importKind="bj" importTitle="班级信息" onImported={crud.reload} />}
      />
      {editing && <ClassForm schoolClass={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={crud.reload} />}
    </>
  )
}
