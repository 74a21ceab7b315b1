import { Tag } from 'antd'
import { PERM } from '@/api/permissions'
import { post, put } from '@/api/request'
import { DICTS, type PositionView, type QuotaView } from '@/api/generated/cadreQuota'
import { defineResource, deleter, getFetcher } from '@/components/crud'
import UnitSelect from '@/components/unit/UnitSelect'
import { POSITIONS, QUOTAS } from './api'

const permissions = { add: PERM.gbzsAdd, edit: PERM.gbzsEdit, del: PERM.gbzsDel, export: PERM.gbzsExport }

const unitField = {
  name: 'unitId',
  label: '所在单位',
  display: 'unitName',
  type: 'custom' as const,
  required: true,
  width: 200,
  column: { ellipsis: true, sorter: true },
  search: { render: () => <UnitSelect style={{ width: 220 }} /> },
}

/** 岗位: the posts of each unit with their level, attribute, team and whether elected (选任制: no probation). */
export const positionResource = defineResource<PositionView>({
  key: 'gbzs-positions',
  columnsKey: 'gb.zsgl.positions',
  noun: '岗位',
  api: { fetch: getFetcher<PositionView>(POSITIONS), create: (b) => post(POSITIONS, b), update: (b) => put(POSITIONS, b), remove: deleter(POSITIONS) },
  keyword: '岗位名称',
  permissions,
  export: { url: `${POSITIONS}/export`, fileName: '干部岗位.xlsx' },
  scrollX: 1200,
  fields: [
    { ...unitField, form: { render: ({ record }) => <UnitSelect selectedLabel={record?.unitName} /> } },
    { name: 'name', label: '岗位名称', required: true, max: 100, width: 180 },
    { name: 'level', label: '职级', type: 'dict', dict: DICTS.level, required: true, width: 100, search: true },
    { name: 'attribute', label: '职务属性', type: 'dict', dict: DICTS.attribute, width: 100, search: true },
    { name: 'teamType', label: '班子类型', type: 'dict', dict: DICTS.teamType, width: 150, search: true },
    {
      name: 'elected',
      label: '选任制',
      type: 'switch',
      width: 80,
      render: (v: never) => ((v as boolean) ? '是' : '否'),
      form: { extra: '选举产生的职务没有试用期；提拔担任非选举产生的职务试用期一年（《党政领导干部选拔任用工作条例》第五十三条）' },
    },
    { name: 'holders', label: '现任人数', width: 90, form: false },
    { name: 'sort', label: '排序', type: 'number', width: 70, column: false },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, column: false },
  ],
})

/** 核定职数: the approved number per unit and level, with the holders counted against it; 超配 is marked. */
export const quotaResource = defineResource<QuotaView>({
  key: 'gbzs-quotas',
  columnsKey: 'gb.zsgl.quotas',
  noun: '职数',
  api: { fetch: getFetcher<QuotaView>(QUOTAS), create: (b) => post(QUOTAS, b), update: (b) => put(QUOTAS, b), remove: deleter(QUOTAS) },
  permissions,
  export: { url: `${QUOTAS}/export`, fileName: '核定职数.xlsx' },
  fields: [
    {
      ...unitField,
      form: { render: ({ record }) => <UnitSelect selectedLabel={record?.unitName} />, hidden: ({ record }) => !!record },
    },
    { name: 'level', label: '职级', type: 'dict', dict: DICTS.level, required: true, width: 100, search: true, form: { hidden: ({ record }) => !!record } },
    { name: 'approved', label: '核定职数', type: 'number', required: true, width: 100, form: { props: { min: 0, max: 9999, precision: 0 } } },
    { name: 'occupied', label: '实配', width: 80, form: false },
    { name: 'vacant', label: '空缺', width: 80, form: false },
    {
      name: 'over',
      label: '超配',
      width: 80,
      form: false,
      search: { single: true },
      type: 'select',
      options: [
        { value: true, label: '超配' },
        { value: false, label: '未超配' },
      ],
      render: (v: never) => ((v as number) > 0 ? <Tag color="error">超 {v as number}</Tag> : 0),
    },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, column: false },
  ],
})
