import { Button, Input, Space } from 'antd'
import { PERM } from '@/api/permissions'
import type { School, Teacher } from '@/api/generated/pschool'
import { post, put } from '@/api/request'
import { defineResource, deleter, getFetcher, ResourcePage } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'

const API = '/api/dx/schools'

/** The teachers of a school as the form edits them: a name and a title a row. */
function TeachersInput({ value, onChange, id }: { value?: Teacher[]; onChange?: (v: Teacher[]) => void; id?: string }) {
  const rows = value ?? []
  const set = (i: number, t: Partial<Teacher>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...t, memberId: t.name === undefined ? r.memberId : null } : r)))
  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id}>
      {rows.map((t, i) => (
        <Space key={i}>
          <Input aria-label={`教师${i + 1}姓名`} placeholder="姓名" maxLength={50} value={t.name} onChange={(e) => set(i, { name: e.target.value })} />
          <Input aria-label={`教师${i + 1}职称`} placeholder="职称" maxLength={50} value={t.title} onChange={(e) => set(i, { title: e.target.value })} />
          <Button type="link" danger onClick={() => onChange?.(rows.filter((_, j) => j !== i))}>
            移除
          </Button>
        </Space>
      ))}
      <Button onClick={() => onChange?.([...rows, { name: '', title: '', memberId: null }])}>添加教师</Button>
    </Space>
  )
}

/** 分党校管理: the university party school (组织部) and the branch schools of the 二级党委. */
export const schoolResource = defineResource<School>({
  key: 'fdx',
  columnsKey: 'dx.fdx',
  noun: '党校',
  api: { fetch: getFetcher<School>(API), create: (b) => post(API, b), update: (b) => put(API, b), remove: deleter(API) },
  keyword: '党校名称或校长',
  permissions: { add: PERM.fdxAdd, edit: PERM.fdxEdit, del: PERM.fdxDel },
  // 修改记录: who changed what and when, each earlier state restorable.
  trail: API,
  titleOf: (s) => s.name,
  fields: [
    {
      name: 'orgId',
      label: '所属党组织',
      display: 'orgName',
      type: 'custom',
      required: true,
      width: 200,
      column: { ellipsis: true, sorter: true },
      form: { render: () => <OrgTreeSelect placeholder="学校党委或二级党委" />, extra: '党校设在学校党委，分党校设在二级党委；设立后不能更改' },
    },
    { name: 'name', label: '党校名称', max: 100, width: 220, form: { extra: '不填时按所属党组织命名' } },
    { name: 'kindName', label: '类别', width: 90, form: false },
    { name: 'headName', label: '校长', max: 50, width: 110 },
    {
      name: 'teachers',
      label: '教师',
      type: 'custom',
      width: 200,
      column: { render: (_, s) => s.teachers.map((t) => (t.title ? `${t.name}（${t.title}）` : t.name)).join('、') || '—' },
      form: { render: () => <TeachersInput />, empty: [] },
      detail: { span: 'filled' },
    },
    {
      name: 'servedOrgIds',
      label: '服务的党组织',
      type: 'custom',
      column: false,
      form: { render: () => <OrgTreeSelect checkable placeholder="不选则服务所属党组织全部" />, empty: [], extra: '须在所属党组织之下' },
    },
    { name: 'batchCount', label: '培训班', type: 'number', width: 80, form: false },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, column: false },
  ],
})

export default function SchoolPage() {
  return (
    <ResourcePage
      resource={schoolResource}
      deleteRow={(s) => ({ note: s.batchCount > 0 ? '已有培训班的党校不能删除。' : undefined })}
      batchDelete={false}
    />
  )
}
