import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useState } from 'react'
import { BATCH_TYPE_NAMES, BATCH_TYPES, STATE_NAMES, type Batch, type BatchState, type School } from '@/api/generated/pschool'
import { PERM } from '@/api/permissions'
import { get, post, put, type Page } from '@/api/request'
import { confirmAction, defineResource, deleter, filterField, getFetcher, ResourcePage } from '@/components/crud'
import { API, finishBatch, openBatch } from './api'
import BatchDrawer from './BatchDrawer'

const TYPE_OPTIONS = BATCH_TYPES.map((t) => ({ label: BATCH_TYPE_NAMES[t], value: t }))
const STATE_OPTIONS = (Object.keys(STATE_NAMES) as BatchState[]).map((s) => ({ label: STATE_NAMES[s], value: s }))

/** The schools of the caller's scope to choose a batch's school from. */
function SchoolSelect({ value, onChange, id }: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const q = useQuery({ queryKey: ['dx', 'schools', 'pick'], queryFn: () => get<Page<School>>('/api/dx/schools', { size: 100 }) })
  const options = (q.data?.content ?? []).map((s) => ({ label: s.name, value: s.id }))
  return (
    <Select id={id} style={{ minWidth: 200 }} allowClear placeholder="请选择党校" loading={q.isLoading} options={options} value={value} onChange={onChange}
      notFoundContent="暂无党校，请先在分党校管理中设立" />
  )
}

/** 课程: the course ids a batch studies online (the course module checks them). */
function CourseIds({ value, onChange, id }: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  return (
    <Select id={id} mode="tags" placeholder="输入课程编号" value={(value ?? []).map(String)} open={false}
      onChange={(v: string[]) => onChange?.(v.map(Number).filter((n) => Number.isInteger(n) && n > 0))} />
  )
}

/** 培训班: the batches of the caller's schools by type, with their trainees and completion. */
export const batchResource = defineResource<Batch>({
  key: 'pxb',
  columnsKey: 'dx.pxb',
  noun: '培训班',
  api: { fetch: getFetcher<Batch>(API), create: (b) => post(API, b), update: (b) => put(API, b), remove: deleter(API) },
  keyword: '培训班名称',
  permissions: { add: PERM.pxbAdd, edit: PERM.pxbEdit, del: PERM.pxbDel, export: PERM.pxbExport },
  export: { url: `${API}/export`, fileName: '培训班.xlsx' },
  // 修改记录: who changed what and when, each earlier state restorable.
  trail: API,
  titleOf: (b) => b.title,
  nameField: 'title',
  fields: [
    { name: 'title', label: '培训班名称', required: true, max: 100, width: 220 },
    { name: 'type', label: '类型', type: 'select', options: TYPE_OPTIONS, display: 'typeName', required: true, width: 150, search: true,
      form: { hidden: (c) => c.record !== null } },
    { name: 'schoolId', label: '党校', type: 'custom', display: 'schoolName', required: true, width: 180, search: { render: () => <SchoolSelect /> },
      form: { render: () => <SchoolSelect />, hidden: (c) => c.record !== null } },
    { name: 'startOn', label: '开始日期', type: 'date', required: true, width: 110, column: { sorter: true } },
    { name: 'endOn', label: '结束日期', type: 'date', required: true, width: 110 },
    { name: 'days', label: '天数', type: 'number', width: 80, form: { props: { min: 0, max: 366 }, extra: '不填按类型默认；发展对象培训班不少于 3 天或 24 学时' } },
    { name: 'hours', label: '学时', type: 'number', width: 80, form: { props: { min: 0, max: 2928 }, extra: '每天不超过 8 学时' } },
    { name: 'attendPct', label: '出勤率要求(%)', type: 'number', width: 110, column: false, form: { props: { min: 0, max: 100 }, extra: '不填为 80%' } },
    { name: 'courseIds', label: '课程', type: 'custom', column: false, form: { render: () => <CourseIds />, empty: [] } },
    { name: 'examId', label: '考试编号', type: 'number', column: false, form: { props: { min: 1 } } },
    filterField('state', '状态', {}, 'select', { options: STATE_OPTIONS }),
    { name: 'stateName', label: '状态', width: 90, form: false },
    { name: 'enrolled', label: '学员', type: 'number', width: 70, form: false },
    { name: 'completed', label: '已结业', type: 'number', width: 80, form: false },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, column: false },
  ],
})

export default function BatchPage() {
  const [shown, setShown] = useState<Batch | null>(null)
  return (
    <ResourcePage
      resource={batchResource}
      actionWidth={290}
      rowActions={(b, page) => [
        { key: 'detail', label: '详情', onClick: () => setShown(b) },
        {
          key: 'open',
          label: '开班',
          need: PERM.pxbEdit,
          hidden: b.state !== 'draft',
          onClick: () => void confirmAction(`确定「${b.title}」开班吗？`, () => openBatch(b.id), '已开班').then((ok) => ok && page.crud.reload()),
        },
        {
          key: 'finish',
          label: '结束',
          need: PERM.pxbEdit,
          hidden: b.state !== 'open',
          onClick: () =>
            void confirmAction(`确定结束「${b.title}」吗？结束后不能再报名、登记考勤或结业，未结业的学员可参加其他同类培训班。`, () => finishBatch(b.id), '已结束').then(
              (ok) => ok && page.crud.reload(),
            ),
        },
      ]}
      canEdit={(b) => b.state !== 'finished'}
      deleteRow={() => ({ note: '已有学员结业或评定不合格的培训班不能删除。' })}
      batchDelete={false}
      dialogs={(page) => shown && <BatchDrawer batch={shown} onClose={() => setShown(null)} onChanged={() => page.crud.reload()} />}
    />
  )
}
