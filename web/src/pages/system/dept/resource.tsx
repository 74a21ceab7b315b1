import { defineResource } from '@/components/crud'
import { PERM } from '@/api/permissions'
import { enabledField, enabledFilter, sortField } from '../shared/fields'
import ParentDeptSelect from './components/ParentDeptSelect'
import { createDept, fetchDepts, updateDept } from './service'
import type { Dept } from './types'

/** 部门: a node of the department tree. */
export const depts = defineResource<Dept>({
  key: 'depts',
  noun: '部门',
  api: { fetch: fetchDepts, create: createDept, update: updateDept },
  permissions: { add: PERM.deptAdd, edit: PERM.deptEdit, del: PERM.deptDel },
  form: { dialog: true, initial: { pid: null, sort: 999, enabled: true }, title: (d) => (d ? '编辑部门' : '新增部门') },
  fields: [
    { name: 'name', label: '部门名称', required: true, max: 50, search: true, form: { props: { maxLength: 50 } } },
    { name: 'pid', label: '上级部门', type: 'custom', column: false, form: { extra: '不选即为顶级部门', render: ({ record }) => <ParentDeptSelect dept={record} /> } },
    sortField({ width: 90 }),
    enabledFilter(),
    enabledField({ width: 90 }),
    { name: 'createTime', label: '创建时间', type: 'datetime', width: 180 },
  ],
})
