import type { TableColumnType } from 'antd'
import { DICT_EDUCATION, DICT_ETHNICITY, DICT_GENDER, DICT_TITLE } from '@/api/dicts'
import { PERM } from '@/api/permissions'
import { del, get, post, put } from '@/api/request'
import { defineResource, deleter, getFetcher, type Field } from '@/components/crud'
import { personalFields } from '@/components/personal/personalFields'
import UnitSelect from '@/components/unit/UnitSelect'

export const API = '/api/gbjbxx'

/** The cadre dictionaries (seeded by the system, GB_ZT by the cadre base). */
export const DICT = {
  political: 'ZZMM',
  degree: 'XW',
  category: 'GB_LB',
  level: 'GB_XZJB',
  tenure: 'GB_RZZT',
  postAttribute: 'GB_ZWSX',
  teamType: 'GB_BZLX',
  status: 'GB_ZT',
} as const

/** A cadre as GET /api/gbjbxx answers it (ID number and phone masked unless unmasked). */
export interface Cadre {
  id: number
  name: string
  gender: string
  genderLabel: string
  birthOn: string
  ethnicity: string
  politicalStatus: string
  idNumber: string
  phone: string
  masked: boolean
  unitId: number
  unitName: string
  post: string
  postSince: string | null
  level: string
  levelLabel: string
  category: string
  status: string
  statusLabel: string
  education: string
  degree: string
  title: string
  updateTime: string
  [k: string]: unknown
}

/** The display modes of the list (spec §3): every column, or the short set. */
export type DisplayMode = 'full' | 'brief'

/** The columns of 简要信息, in the list's order. */
export const BRIEF_COLUMNS = ['name', 'gender', 'birthOn', 'unitName', 'post', 'level', 'status']

/** The columns a display mode keeps (the action column, keyed 'actions', always stays). */
export function columnsFor<T>(mode: DisplayMode, columns: TableColumnType<T>[]): TableColumnType<T>[] {
  if (mode === 'full') return columns
  return columns.filter((c) => {
    const key = String(c.key ?? (c as { dataIndex?: unknown }).dataIndex ?? '')
    return key === 'actions' || BRIEF_COLUMNS.includes(key)
  })
}

const dict = (name: string, label: string, d: string, extra: Partial<Field<Cadre>> = {}): Field<Cadre> => ({
  name,
  label,
  type: 'dict',
  dict: d,
  width: 110,
  search: true,
  ...extra,
})

const personal = personalFields<Cadre>()

/** 干部信息库: the cadres of the caller's scope (干部管理员 and 组织部: all). */
export const cadreResource = defineResource<Cadre>({
  key: 'gbjbxx',
  columnsKey: 'gb.jbxx',
  noun: '干部',
  api: {
    fetch: getFetcher<Cadre>(API),
    detail: (id, unmask) => get<Cadre>(`${API}/${id}`, unmask ? { unmask: true } : undefined),
    create: (b) => post(API, b),
    update: (b) => put(API, b),
    remove: deleter(API),
  },
  keyword: '姓名',
  permissions: { add: PERM.gbjbxxAdd, edit: PERM.gbjbxxEdit, del: PERM.gbjbxxDel, export: PERM.gbjbxxExport, unmask: PERM.gbjbxxUnmask },
  export: { url: `${API}/export`, fileName: '干部名册.xlsx' },
  trail: API,
  titleOf: (c) => c.name,
  scrollX: 2200,
  emptyText: '暂无干部：在“新增”中录入，或由任免审批表导入',
  fields: [
    { name: 'name', label: '姓名', required: true, max: 50, width: 100, column: { sorter: true, fixed: 'left' } },
    dict('gender', '性别', DICT_GENDER, { required: true, width: 70 }),
    { name: 'birthOn', label: '出生年月', type: 'date', required: true, width: 110, column: { sorter: true }, search: { range: true } },
    dict('ethnicity', '民族', DICT_ETHNICITY),
    { name: 'nativePlace', label: '籍贯', max: 100, width: 120 },
    { name: 'birthPlace', label: '出生地', max: 100, column: false },
    dict('politicalStatus', '政治面貌', DICT.political, { width: 140 }),
    { name: 'partyJoinOn', label: '入党时间', type: 'date', width: 110 },
    { name: 'workStartOn', label: '参加工作时间', type: 'date', width: 120 },
    { ...personal.idNumber, form: { props: { maxLength: 18 } }, search: { label: '身份证号', placeholder: '完整身份证号码' } },
    { ...personal.phone, label: '联系电话' },
    {
      name: 'unitId',
      label: '所在单位',
      display: 'unitName',
      type: 'custom',
      required: '请选择所在单位',
      width: 160,
      column: { ellipsis: true, sorter: true },
      search: { label: '单位', render: () => <UnitSelect style={{ width: 200 }} /> },
      form: { render: ({ record }) => <UnitSelect selectedLabel={record?.unitName} /> },
    },
    { name: 'post', label: '现任职务', max: 200, width: 180, column: { ellipsis: true }, search: true },
    { name: 'postSince', label: '任现职时间', type: 'date', width: 110, column: { sorter: true } },
    dict('postAttribute', '职务属性', DICT.postAttribute, { width: 90 }),
    dict('level', '职级', DICT.level),
    { name: 'levelSince', label: '任职级时间', type: 'date', column: false },
    dict('category', '干部类别', DICT.category, { width: 130 }),
    dict('tenureStatus', '任职状态', DICT.tenure, { width: 90 }),
    dict('teamType', '班子类型', DICT.teamType, { width: 150 }),
    dict('status', '干部状态', DICT.status, { required: true, width: 100 }),
    dict('education', '全日制学历', DICT_EDUCATION, { width: 130 }),
    dict('degree', '全日制学位', DICT.degree, { width: 130 }),
    dict('inserviceEducation', '在职学历', DICT_EDUCATION, { width: 130, search: false }),
    dict('inserviceDegree', '在职学位', DICT.degree, { width: 130, search: false }),
    dict('title', '专业技术职务', DICT_TITLE, { width: 130 }),
    { name: 'health', label: '健康状况', max: 50, column: false },
    { name: 'specialty', label: '熟悉专业有何专长', max: 200, column: false },
    { name: 'proposedPost', label: '拟任职务', max: 200, column: false },
    { name: 'proposedRemoval', label: '拟免职务', max: 200, column: false },
    { name: 'appointmentReason', label: '任免理由', type: 'textarea', max: 1000, column: false },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, column: false },
    { name: 'updateTime', label: '更新时间', type: 'datetime', column: false },
  ],
})

/** A sub-table row: its id, order and fields. */
export interface SubRow {
  id: number
  sort?: number
  [k: string]: unknown
}

/** One of the information types 2–13 (and 证件) kept under a cadre at `${API}/{id}/${path}`. */
export interface SubTable {
  path: string
  /** The tab's label (information type number and name). */
  tab: string
  noun: string
  title: (r: SubRow) => string
  fields: Field<SubRow>[]
}

/** The URL of a cadre's rows of a sub-table. */
export const subUrl = (cadreId: number, path: string) => `${API}/${cadreId}/${path}`

/** The API of one sub-table of one cadre: the whole list, save (add or change by id) and delete. */
export function subApi(cadreId: number, path: string) {
  const url = subUrl(cadreId, path)
  return {
    list: () => get<SubRow[]>(url),
    save: (b: Partial<SubRow>) => (b.id ? put<SubRow>(url, b) : post<SubRow>(url, b)),
    remove: (ids: number[]) => del<void>(url, ids),
  }
}

const period = (required = false): Field<SubRow>[] => [
  { name: 'startOn', label: '起始时间', type: 'date', required, width: 110 },
  { name: 'endOn', label: '终止时间', type: 'date', width: 110, render: (v: never) => (v ? String(v) : '至今') },
]
const year: Field<SubRow> = { name: 'year', label: '年度', type: 'number', required: true, width: 80, form: { props: { min: 1950, max: 2100 } } }
const sort: Field<SubRow> = { name: 'sort', label: '排序', type: 'number', column: false }
const opts = (...vs: string[]) => vs.map((v) => ({ label: v, value: v }))

/** The twelve sub-tables of information types 2–13 and the certificates, in the drawer's order. */
export const SUB_TABLES: SubTable[] = [
  {
    path: 'jl', tab: '2 简历', noun: '简历', title: (r) => String(r.text ?? ''),
    fields: [...period(true), { name: 'text', label: '经历', required: true, max: 500 }, sort],
  },
  {
    path: 'zw', tab: '3 职务职级', noun: '职务', title: (r) => String(r.post ?? ''),
    fields: [
      { name: 'post', label: '职务', required: true, max: 200, width: 180 },
      { name: 'kind', label: '任职类型', type: 'select', options: opts('任职', '兼任', '挂职'), required: true, width: 90 },
      { name: 'level', label: '职级', type: 'dict', dict: DICT.level, width: 100 },
      { name: 'attribute', label: '职务属性', type: 'dict', dict: DICT.postAttribute, width: 90 },
      ...period(true),
      { name: 'docNo', label: '任免文号', max: 100, width: 140 },
      { name: 'probationUntil', label: '试用期满', type: 'date', width: 110 },
      sort,
    ],
  },
  {
    path: 'xl', tab: '4 学历学位', noun: '学历学位', title: (r) => String(r.school ?? ''),
    fields: [
      { name: 'kind', label: '教育类别', type: 'select', options: opts('全日制', '在职'), required: true, width: 90 },
      { name: 'school', label: '毕业院校', required: true, max: 100, width: 160 },
      { name: 'major', label: '专业', max: 100, width: 140 },
      { name: 'education', label: '学历', type: 'dict', dict: DICT_EDUCATION, width: 130 },
      { name: 'degree', label: '学位', type: 'dict', dict: DICT.degree, width: 120 },
      ...period(),
      sort,
    ],
  },
  {
    path: 'jtcy', tab: '5 家庭成员', noun: '家庭成员', title: (r) => `${r.relation ?? ''} ${r.name ?? ''}`,
    fields: [
      { name: 'relation', label: '称谓', required: true, max: 20, width: 80 },
      { name: 'name', label: '姓名', required: true, max: 50, width: 100 },
      { name: 'birthOn', label: '出生年月', type: 'date', width: 110 },
      { name: 'politicalStatus', label: '政治面貌', type: 'dict', dict: DICT.political, width: 110 },
      { name: 'employerPost', label: '工作单位及职务', max: 200 },
      sort,
    ],
  },
  {
    path: 'xxjl', tab: '6 学习培训', noun: '学习记录', title: (r) => String(r.course ?? ''),
    fields: [
      { name: 'course', label: '学习内容', required: true, max: 200 },
      { name: 'organiser', label: '主办单位', max: 100, width: 140 },
      ...period(true),
      { name: 'hours', label: '学时', type: 'number', width: 70, form: { props: { min: 0, max: 10000 } } },
      sort,
    ],
  },
  {
    path: 'kc', tab: '7 考察', noun: '考察情况', title: (r) => `${r.year ?? ''} ${r.kind ?? ''}`,
    fields: [year, { name: 'kind', label: '考察类型', required: true, max: 50, width: 120 }, { name: 'conclusion', label: '考察结论', type: 'textarea', required: true, max: 2000 }, sort],
  },
  {
    path: 'khqk', tab: '8 年度考核', noun: '年度考核', title: (r) => `${r.year ?? ''}年度`,
    fields: [year, { name: 'grade', label: '考核结果', type: 'select', options: opts('优秀', '称职', '基本称职', '不称职'), required: true }, sort],
  },
  {
    path: 'zf', tab: '9 作风', noun: '作风表现', title: (r) => `${r.year ?? ''}年度`,
    fields: [year, { name: 'content', label: '表现情况', type: 'textarea', required: true, max: 2000 }, sort],
  },
  {
    path: 'ky', tab: '10 科研', noun: '科研情况', title: (r) => String(r.title ?? ''),
    fields: [year, { name: 'title', label: '成果名称', required: true, max: 200 }, { name: 'kind', label: '成果类型', max: 50, width: 120 }, sort],
  },
  {
    path: 'jz', tab: '11 兼职', noun: '兼职情况', title: (r) => `${r.org ?? ''} ${r.post ?? ''}`,
    fields: [{ name: 'org', label: '兼职单位', required: true, max: 100 }, { name: 'post', label: '兼任职务', required: true, max: 100 }, ...period(), sort],
  },
  {
    path: 'jc', tab: '12 奖惩', noun: '奖惩情况', title: (r) => String(r.title ?? ''),
    fields: [
      { name: 'kind', label: '奖惩类别', type: 'select', options: opts('奖', '惩'), required: true, width: 80 },
      { name: 'title', label: '奖惩名称', required: true, max: 200 },
      { name: 'grantedOn', label: '奖惩时间', type: 'date', width: 110 },
      { name: 'grantedBy', label: '批准机关', max: 100, width: 140 },
      sort,
    ],
  },
  {
    path: 'dzzfw', tab: '13 党组织任职', noun: '党组织任职', title: (r) => `${r.org ?? ''} ${r.post ?? ''}`,
    fields: [{ name: 'org', label: '党组织', required: true, max: 100 }, { name: 'post', label: '党内职务', required: true, max: 100 }, ...period(), sort],
  },
  {
    path: 'zj', tab: '证件', noun: '证件', title: (r) => String(r.kind ?? ''),
    fields: [
      { name: 'kind', label: '证件类型', type: 'select', options: opts('普通护照', '港澳通行证', '台湾通行证', '其他'), required: true, width: 120 },
      { name: 'number', label: '证件号码', max: 50, width: 140 },
      { name: 'outOn', label: '领取日期', type: 'date', width: 110 },
      { name: 'dueBackOn', label: '应交回日期', type: 'date', width: 110 },
      { name: 'returnedOn', label: '交回日期', type: 'date', width: 110 },
      sort,
    ],
  },
]

/**
 * 分管部门 (GB_MANAGE_DEPT): the units a cadre manages or keeps in touch with, each once, kept by the 干部管理员 (not an
 * information type the cadre proposes changes to, so apart from SUB_TABLES); trailed under the cadre.
 */
export const MANAGED_TABLE: SubTable = {
  path: 'fgbm', tab: '分管部门', noun: '分管部门', title: (r) => String(r.unitName ?? ''),
  fields: [
    {
      name: 'unitId',
      label: '分管单位',
      display: 'unitName',
      type: 'custom',
      required: '请选择分管单位',
      width: 200,
      form: { render: ({ record }) => <UnitSelect selectedLabel={record?.unitName as string | undefined} /> },
    },
    { name: 'kind', label: '分管类型', type: 'select', options: opts('分管', '联系'), required: true, width: 90 },
    { name: 'since', label: '起始时间', type: 'date', width: 110 },
    { name: 'note', label: '备注', max: 200 },
    sort,
  ],
}
