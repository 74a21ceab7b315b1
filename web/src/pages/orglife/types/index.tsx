import { useQueryClient } from '@tanstack/react-query'
import { Select, Switch, Tag } from 'antd'
import { useState } from 'react'
import { DICT_ORG_TYPE } from '@/api/dicts'
import { PERM } from '@/api/permissions'
import { post, put } from '@/api/request'
import { ui } from '@/app/bridge'
import { defineResource, deleter, listFetcher, ResourcePage } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { useHasPermission } from '@/components/Permission'
import { formOptions } from '@/utils/dict'
import { TYPES } from '../meeting/api'
import { BUILTIN_TYPE_NAMES, PERIOD_NAMES, type MeetingType } from '../meeting/types'

const KEY = 'hylx'

const codesOf = (v: string | undefined) => (v ? v.split(',').map((c) => c.trim()).filter(Boolean) : [])

/** 适用党组织: the organisation types' names. */
function OrgTypeNames({ value }: { value: string }) {
  const options = useDicts(DICT_ORG_TYPE)[DICT_ORG_TYPE]
  const names = codesOf(value).map((c) => options?.find((o) => o.value === c)?.label ?? c)
  return <>{names.join('、') || '—'}</>
}

/** The organisation types that hold a meeting type (DZZ_LX), kept as the comma-separated codes the API takes. */
function OrgTypesSelect({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const options = useDicts(DICT_ORG_TYPE)[DICT_ORG_TYPE]
  return (
    <Select
      id={id}
      mode="multiple"
      placeholder="请选择适用党组织"
      options={formOptions(options)}
      value={codesOf(value)}
      onChange={(codes: string[]) => onChange?.(codes.join(','))}
    />
  )
}

/** 启用 in the list: switched at once by holders of hylx:edit (a disabled type is no longer offered for new meetings). */
function EnabledSwitch({ type }: { type: MeetingType }) {
  const client = useQueryClient()
  const canEdit = useHasPermission([PERM.hylxEdit])
  const [saving, setSaving] = useState(false)
  if (!canEdit) return type.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>
  const toggle = async (enabled: boolean) => {
    setSaving(true)
    try {
      await put<MeetingType>(TYPES, { ...type, enabled })
      ui.message.success(enabled ? `已启用${type.name}` : `已停用${type.name}`)
      await client.invalidateQueries({ queryKey: ['crud', KEY] })
    } catch {
      /* shown by the request pipeline */
    } finally {
      setSaving(false)
    }
  }
  return <Switch size="small" checked={type.enabled} loading={saving} aria-label={`启用${type.name}`} onChange={(v) => void toggle(v)} />
}

const requirement = (t: Pick<MeetingType, 'period' | 'minCount'>) => (t.period ? `${PERIOD_NAMES[t.period] ?? t.period} ${t.minCount} 次` : '不要求')

const PERIOD_OPTIONS = [{ label: '不要求', value: '' }, ...Object.entries(PERIOD_NAMES).map(([value, label]) => ({ label, value }))]
const COUNTS_AS_OPTIONS = Object.entries(BUILTIN_TYPE_NAMES).map(([value, label]) => ({ label, value }))

/** The meeting types: the built-in ones of RULES §4 and the school's own. */
export const typeResource = defineResource<MeetingType>({
  key: KEY,
  columnsKey: 'orglife.types',
  noun: '会议类型',
  api: { fetch: listFetcher<MeetingType>(TYPES), create: (b) => post(TYPES, b), update: (b) => put(TYPES, b), remove: deleter(TYPES) },
  permissions: { add: PERM.hylxEdit, edit: PERM.hylxEdit, del: PERM.hylxEdit },
  emptyText: '暂无会议类型',
  form: { dialog: true, width: 620, initial: { period: '', minCount: 0, countsAs: '', enabled: true, sort: 100 } },
  fields: [
    { name: 'name', label: '名称', required: true, max: 50, width: 160, render: (_, t) => (t.builtin ? <>{t.name} <Tag>内置</Tag></> : t.name) },
    { name: 'code', label: '编码', width: 90, form: false },
    { name: 'orgTypes', label: '适用党组织', type: 'custom', required: true, width: 220, render: (_, t) => <OrgTypeNames value={t.orgTypes} />, form: { render: () => <OrgTypesSelect /> } },
    {
      name: 'period',
      label: '要求周期',
      type: 'select',
      options: PERIOD_OPTIONS,
      width: 120,
      column: { title: '要求' },
      render: (_, t) => requirement(t),
      form: { extra: '会议统计按此判断是否达标' },
    },
    {
      name: 'minCount',
      label: '每期次数',
      type: 'number',
      column: false,
      form: { props: { min: 0, max: 99, precision: 0 } },
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_, v: number | null) => {
            if (getFieldValue('period') && !(v && v >= 1)) throw new Error('有要求周期时每期至少 1 次')
          },
        }),
      ],
    },
    {
      name: 'countsAs',
      label: '计入',
      type: 'select',
      options: COUNTS_AS_OPTIONS,
      width: 120,
      render: (_, t) => (t.countsAs ? (BUILTIN_TYPE_NAMES[t.countsAs] ?? t.countsAs) : '—'),
      form: { hidden: ({ record }) => !!record?.builtin, extra: '计入某一内置会议类型的要求，如“党员活动日”计入主题党日', placeholder: '不计入' },
    },
    { name: 'enabled', label: '启用', type: 'switch', width: 80, render: (_, t) => <EnabledSwitch type={t} /> },
    { name: 'sort', label: '排序', type: 'number', width: 70, form: { props: { min: 0, max: 9999, precision: 0 } } },
  ],
})

/**
 * 会议类型 (组织部 only): the requirement of each type (RULES §4, counted by 会议统计), where it is held, and the
 * school's own types, which may count toward a built-in one. Built-in types are never deleted; a type in use neither.
 */
export default function MeetingTypesPage() {
  return (
    <ResourcePage<MeetingType>
      resource={typeResource}
      submit={(body, record) => (record ? put(TYPES, { ...record, ...body }) : post(TYPES, body))}
      deleteRow={(t) => ({ hidden: t.builtin, note: '已有会议使用的类型不能删除，可停用。' })}
      batchDelete={false}
    />
  )
}
