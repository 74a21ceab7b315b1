import type { FormInstance, FormRule, TableColumnType } from 'antd'
import type { Perm } from '@/api/permissions'
import dayjs from 'dayjs'
import type { ReactNode } from 'react'
import type { ExportAction } from './CrudTable'
import type { CrudFetcher } from './query'

/**
 * How a field is shown and edited. `dict` fields take a dictionary's options and show the row's
 * `<name>Label`; `datetime` is read-only (RFC 3339 times); `custom` brings its own control.
 */
export type FieldType = 'text' | 'textarea' | 'number' | 'switch' | 'date' | 'dateRange' | 'datetime' | 'dict' | 'select' | 'custom'

export interface Option {
  label: string
  value: string | number | boolean
}

/** What a field's own form control sees: the form and the record being edited (null: new). */
export interface FormContext<T> {
  form: FormInstance
  record: T | null
  /** The values a new record starts with (e.g. a preselected parent's id and name). */
  initial?: Record<string, unknown>
}

export interface SearchOptions {
  /** The filter parameter, when it is not the field name. */
  name?: string
  label?: string
  placeholder?: string
  /** Dictionary and select filters: one value (default: several). */
  single?: boolean
  /** A date field filtered by a range: sends `<name>From` and `<name>To`. */
  range?: boolean
  /** A control of the page's own (e.g. a unit picker); Form.Item passes value/onChange. */
  render?: () => ReactNode
}

export interface FormOptions<T> {
  /** Width in 24ths in a drawer form (default 12; textareas 24). */
  span?: number
  placeholder?: string
  extra?: ReactNode
  /** Rules that depend on the record (e.g. a masked value sent back unchanged is kept). */
  rules?: (ctx: FormContext<T>) => FormRule[]
  /** Props handed to the control (maxLength, disabledDate, min, …). */
  props?: Record<string, unknown>
  /** The control for a `custom` field; Form.Item passes value/onChange. */
  render?: (ctx: FormContext<T>) => ReactNode
  /** The field's whole form item(s), e.g. an ID number that also fills the birth date. */
  item?: (ctx: FormContext<T>) => ReactNode
  /** Sent when left empty (default '' for texts, dictionaries and dates, else null). */
  empty?: unknown
  /** Left out of the form for this record (e.g. a parent picker offered only when adding). */
  hidden?: (ctx: FormContext<T>) => boolean
  /** Fields whose change validates this one again (e.g. a range's end after its start). */
  dependencies?: string[]
  /** A dateRange kept as two dates of the record (e.g. startOn and endOn): read from them, sent as them. */
  split?: [string, string]
}

export interface DetailOptions<T> {
  /** The label in the detail, when it is shorter than the form's (名称 beside 党组织名称). */
  label?: string
  span?: number | 'filled'
  /** Left out for this record (e.g. a revocation date of a unit never revoked). */
  hidden?: (record: T) => boolean
  render?: (record: T) => ReactNode
}

/** One field of a resource: where it shows (search, column, form, detail) and how. */
export interface Field<T> {
  /** The JSON field name (form value, filter, error `field`). */
  name: string
  label: string
  type?: FieldType
  /** The dictionary code of a `dict` field. */
  dict?: string
  /** The options of a `select` field. */
  options?: Option[]
  /** The row property shown in the table and detail (default `<name>Label` for dict, else name). */
  display?: string
  /** Required in the form; a string replaces the default message (请输入/请选择 + label). */
  required?: boolean | string
  /** Longest text, checked with a Chinese message. */
  max?: number
  rules?: FormRule[]
  width?: number
  /** A personal value the list answers masked (ID number, phone): the cell can unmask it. */
  personal?: 'idNumber' | 'phone'
  /** Cell of the table and the detail. */
  render?: (value: never, record: T) => ReactNode
  /** In the search form (default no). */
  search?: boolean | SearchOptions
  /** In the table (default yes); an object adds column props (sorter, fixed, ellipsis…). */
  column?: boolean | Partial<TableColumnType<T>>
  /** In the create/edit form (default yes, except datetime). */
  form?: boolean | FormOptions<T>
  /** In the detail (default yes). */
  detail?: boolean | DetailOptions<T>
}

/**
 * The endpoints of a resource; create/update/remove are left out where the page offers none. The
 * list's rows are records, except where the list shows another shape (the 党组织 tree's nodes).
 */
export interface ResourceApi<T, Row = T> {
  fetch: CrudFetcher<Row>
  /** One record as the edit form starts from it (else the row is used). */
  detail?: (id: number, unmask?: boolean) => Promise<T>
  /** Takes the body toBody builds (typed `never` so services keep their own body types). */
  create?: (body: never) => Promise<unknown>
  /** Takes the body with the record's id. */
  update?: (body: never) => Promise<unknown>
  remove?: (ids: number[]) => Promise<unknown>
}

/** The permissions that gate the page's actions (the server checks them again). */
export interface ResourcePermissions {
  add?: Perm
  edit?: Perm
  del?: Perm
  import?: Perm
  export?: Perm
  /** Shows masked personal values in clear (logged by the server). */
  unmask?: Perm
}

export interface ResourceFormSpec<T> {
  /** A dialog for short forms (default: a drawer in two columns). */
  dialog?: boolean
  width?: number
  /** Label width in 24ths of a dialog form (default 5). */
  labelSpan?: number
  /** The form's title, when 新增{noun} / 编辑{noun}：name does not fit (null: a new record). */
  title?: (record: T | null) => string
  /** The values a new record starts with. */
  initial?: Record<string, unknown>
  /** Reacts to edits, e.g. fields that follow from another. */
  onValuesChange?: (form: FormInstance, changed: Record<string, unknown>) => void
}

/**
 * One field list that drives a resource's search form, table, create/edit form and detail. `Row`
 * is the list's row where it is not the record (pieces that never read the list take any Row).
 */
export interface Resource<T, Row = T> {
  /** Cache key of the list (one per resource). */
  key: string
  /** Remembers the hidden columns under this key. */
  columnsKey?: string
  /** What one record is called: 新增{noun}, 编辑{noun}：name, 暂无{noun}. */
  noun: string
  api: ResourceApi<T, Row>
  fields: Field<T>[]
  /** Placeholder of the 关键字 search (`blurry`); without it there is none. */
  keyword?: string
  permissions?: ResourcePermissions
  /** The staged import's kind (导入 button, gated by permissions.import). */
  importKind?: string
  export?: ExportAction
  /**
   * The API base of a resource that keeps a change trail (`${trail}/{id}/trail`, `${trail}/trail/restore`):
   * each row gets 变动轨迹, restoring needs permissions.edit.
   */
  trail?: string
  /** A record's name in titles and confirmations (default its `name`). */
  titleOf?: (record: T) => string
  /** The field whose column names the row, fixed at the table's left (default `name`). */
  nameField?: string
  form?: ResourceFormSpec<T>
  /** The table's scroll width (default: the sum of the shown columns' widths). */
  scrollX?: number
  /** How many search fields show until 展开. */
  searchVisible?: number
  emptyText?: string
  /** The empty state of a search that found nothing (default: the kit's). */
  noMatchText?: string
}

/** Declares a resource (typed, so fields check against the record). */
export const defineResource = <T, Row = T>(r: Resource<T, Row>): Resource<T, Row> => r

/** A field that only filters the list (no column, form item or detail). */
export function filterField<T>(name: string, label: string, search: SearchOptions = {}, type: FieldType = 'text', extra: Partial<Field<T>> = {}): Field<T> {
  return { name, label, type, search, column: false, form: false, detail: false, ...extra }
}

const opts = <O extends object>(v: boolean | O | undefined, dflt: boolean): O | null => (v === undefined ? (dflt ? ({} as O) : null) : v === false ? null : v === true ? ({} as O) : v)

export const searchOf = <T>(f: Field<T>) => opts<SearchOptions>(f.search, false)
export const columnOf = <T>(f: Field<T>) => opts<Partial<TableColumnType<T>>>(f.column, true)
export const formOf = <T>(f: Field<T>) => opts<FormOptions<T>>(f.form, f.type !== 'datetime')
export const detailOf = <T>(f: Field<T>) => opts<DetailOptions<T>>(f.detail, true)

/** The row property a field shows. */
export const displayOf = <T>(f: Field<T>) => f.display ?? (f.type === 'dict' ? `${f.name}Label` : f.name)

/** The dictionary codes a field list needs. */
export const dictsOf = <T>(fields: Field<T>[]) => [...new Set(fields.flatMap((f) => (f.type === 'dict' && f.dict ? [f.dict] : [])))]

/** A record's id (resources are keyed by a numeric id). */
export const idOf = (r: unknown) => (r as { id: number }).id

/** A record's name for titles and confirmations. */
export const titleOf = <T>(res: Resource<T, unknown>, r: T) => (res.titleOf ? res.titleOf(r) : String((r as { name?: unknown }).name ?? ''))

const DAY = 'YYYY-MM-DD'

const splitOf = <T>(f: Field<T> | undefined) => (f ? formOf(f)?.split : undefined)

/** A record's values for the form: date strings become dayjs, a split range its two dates. */
export function toFormValues<T>(fields: Field<T>[], record: T): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(record as Record<string, unknown>) }
  for (const f of fields) {
    const v = out[f.name]
    const split = splitOf(f)
    if (f.type === 'date' && typeof v === 'string' && v) out[f.name] = dayjs(v)
    if (split && out[split[0]]) out[f.name] = split.map((k) => dayjs(out[k] as string))
  }
  return out
}

/** What an empty field sends: texts, dictionaries and dates "", numbers, pickers and ids null. */
function emptyOf<T>(f: Field<T> | undefined, name: string): unknown {
  const o = f ? formOf(f) : null
  if (o && 'empty' in o) return o.empty
  if (!f) return /Id$/.test(name) ? null : ''
  return ['text', 'textarea', 'dict', 'select', 'date'].includes(f.type ?? 'text') ? '' : null
}

/** The form's values → the API body: dates as YYYY-MM-DD, texts trimmed, empty values as declared. */
export function toBody<T>(fields: Field<T>[], values: Record<string, unknown>, id?: number): Record<string, unknown> {
  const byName = new Map(fields.map((f) => [f.name, f]))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(values)) {
    const split = splitOf(byName.get(k))
    if (split) split.forEach((name, i) => (out[name] = Array.isArray(v) && dayjs.isDayjs(v[i]) ? v[i].format(DAY) : ''))
    else if (dayjs.isDayjs(v)) out[k] = v.format(DAY)
    else if (v === undefined || v === null) out[k] = emptyOf(byName.get(k), k)
    else out[k] = typeof v === 'string' ? v.trim() : v
  }
  if (id) out.id = id
  return out
}
