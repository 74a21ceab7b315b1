import { filterField, type Field } from '@/components/crud'
import { ENABLED_OPTIONS, enabledTag } from '@/components/format'

/** 排序: a whole number; left empty the record sorts last (999, as the server's default). */
export const sortField = <T>(more: Partial<Field<T>> = {}): Field<T> => ({
  name: 'sort',
  label: '排序',
  type: 'number',
  width: 80,
  form: { empty: 999, props: { min: 0, max: 99999, precision: 0 } },
  ...more,
})

/** 状态: a 启用/停用 switch in the form, a tag in the table. */
export const enabledField = <T>(more: Partial<Field<T>> = {}): Field<T> => ({
  name: 'enabled',
  label: '状态',
  type: 'switch',
  width: 80,
  render: enabledTag,
  form: { props: { checkedChildren: '启用', unCheckedChildren: '停用' } },
  ...more,
})

/** The 状态 filter (启用 or 停用). */
export const enabledFilter = <T>() => filterField<T>('enabled', '状态', { single: true }, 'select', { options: ENABLED_OPTIONS })
