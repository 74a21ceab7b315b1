import { Tag } from 'antd'
import { DICT_UNIT_STATUS, DICT_UNIT_TYPE } from '@/api/dicts'
import { PERM } from '@/api/permissions'
import dayjs, { type Dayjs } from 'dayjs'
import { defineResource } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import UnitSelect from '@/components/unit/UnitSelect'
import { createUnit, fetchUnits, unitDetail, updateUnit } from './service'
import { UNIT_STATUS_NORMAL, type Unit } from './types'

export const statusTag = (status: string, label: string) =>
  status === UNIT_STATUS_NORMAL ? <Tag color="green">{label || '正常'}</Tag> : <Tag>{label || '撤销'}</Tag>

const notFuture = { disabledDate: (d: Dayjs) => d.isAfter(dayjs(), 'day') }

/** 单位基本信息: a unit's fields for the list, the form and the detail drawer. */
export const unitResource = defineResource<Unit>({
  key: 'dwxx',
  columnsKey: 'unit.dwxx',
  noun: '单位',
  api: { fetch: fetchUnits, detail: unitDetail, create: createUnit, update: updateUnit },
  keyword: '单位名称、简称或编码',
  permissions: { add: PERM.dwAdd, edit: PERM.dwEdit, del: PERM.dwDel, import: PERM.dwImport },
  importKind: 'dw',
  export: { url: '/api/dwxx/export', fileName: '单位信息.xlsx' },
  scrollX: 1500,
  form: { initial: { sort: 999, dzzId: null } },
  fields: [
    { name: 'name', label: '单位名称', required: true, max: 50, column: { sorter: true } },
    { name: 'shortName', label: '单位简称', max: 50, column: false },
    { name: 'code', label: '单位编码', required: true, max: 32, width: 130, column: { sorter: true } },
    {
      name: 'status',
      label: '状态',
      type: 'dict',
      dict: DICT_UNIT_STATUS,
      width: 90,
      form: false,
      search: { single: true },
      render: (_: string, u: Unit) => (u.hasInfo ? statusTag(u.status, u.statusLabel) : <Tag color="orange">信息未完善</Tag>),
      column: { render: (_: string, u: Unit) => (u.hasInfo ? statusTag(u.status, u.statusLabel) : '') },
    },
    { name: 'type', label: '单位类型', type: 'dict', dict: DICT_UNIT_TYPE, required: true, width: 110, search: true },
    {
      name: 'pid',
      label: '上级单位',
      display: 'parentName',
      type: 'custom',
      width: 160,
      column: { ellipsis: true },
      search: { render: () => <UnitSelect placeholder="请选择上级单位" style={{ width: 200 }} /> },
      form: {
        extra: '不选则为顶级单位（仅全校范围的管理员可建顶级单位）',
        render: ({ record, initial }) => <UnitSelect placeholder="请选择上级单位" selectedLabel={record?.parentName || (initial?.parentName as string | undefined)} />,
      },
      detail: { render: (u) => u.parentName || '无（顶级）' },
    },
    {
      name: 'dzzId',
      label: '对应党组织',
      display: 'dzzName',
      type: 'custom',
      width: 180,
      column: { ellipsis: true },
      search: { render: () => <OrgTreeSelect placeholder="请选择党组织" style={{ width: 200 }} /> },
      form: { render: () => <OrgTreeSelect placeholder="请选择对应党组织" /> },
    },
    { name: 'leaderName', label: '负责人', max: 50, width: 100, form: { placeholder: '请输入负责人姓名' } },
    {
      name: 'contactPhone',
      label: '联系电话',
      width: 130,
      rules: [{ pattern: /^[0-9+\-() ]{3,32}$/, message: '联系电话格式不正确' }],
      form: { placeholder: '手机或座机号码' },
    },
    { name: 'foundedOn', label: '成立日期', type: 'date', width: 120, column: { sorter: true }, form: { props: notFuture } },
    { name: 'revokedOn', label: '撤销日期', type: 'date', column: false, form: false, detail: { hidden: (u) => !u.revokedOn } },
    { name: 'sort', label: '排序', type: 'number', column: false, form: { props: { min: 0, max: 99999 } } },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, column: false, detail: { span: 'filled' } },
    { name: 'updateTime', label: '更新时间', type: 'datetime', column: false },
  ],
})
