import { Form, Modal, Tag, type FormInstance } from 'antd'
import { useState } from 'react'
import {
  DIFFICULTIES,
  DIFFICULTY_NAMES,
  QUESTION_LEVEL,
  QUESTION_LIMITS,
  QUESTION_TYPE,
  QUESTION_TYPE_NAMES,
  QUESTION_TYPES,
  TAG_SEPARATOR,
  type Question,
  type QuestionType,
} from '@/api/generated/question'
import { PERM } from '@/api/permissions'
import { post, put } from '@/api/request'
import { defineResource, deleter, filterField, getFetcher, ResourcePage, type ResourcePageApi } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import type { OrgPickerItem } from '@/components/org/org'
import { BLANK_MARKER, describeAnswer, isChoice, keyed } from './answer'
import { AnswerItem, OptionsEditor, TagsInput } from './QuestionEditors'
import QuestionPreview from './QuestionPreview'

const API = '/api/tk'

/** A bank belongs to a 党委 (the university's party school) or a 二级党委 (its branch school). */
const isSchool = (o: OrgPickerItem) => o.type === '1' || o.type === '2'

const typeOptions = QUESTION_TYPES.map((t) => ({ label: QUESTION_TYPE_NAMES[t], value: t }))
const difficultyOptions = DIFFICULTIES.map((d) => ({ label: `${d} ${DIFFICULTY_NAMES[d]}`, value: d }))

/** The options a new question of type t starts with: four empty ones for a choice, none otherwise. */
const startingOptions = (t: QuestionType) => (isChoice(t) ? [{ text: '' }, { text: '' }, { text: '' }, { text: '' }] : [])

/** 题库: the questions of the caller's schools, of the five types, with their keys, tags and difficulty. */
export const questionResource = defineResource<Question>({
  key: 'tk',
  columnsKey: 'dx.tk',
  noun: '题目',
  api: { fetch: getFetcher<Question>(API), create: (b) => post(API, b), update: (b) => put(API, b), remove: deleter(API) },
  keyword: '题干',
  permissions: { add: PERM.tkAdd, edit: PERM.tkEdit, del: PERM.tkDel, import: PERM.tkImport, export: PERM.tkExport },
  importKind: 'tk',
  export: { url: `${API}/export`, fileName: '题库.xlsx' },
  trail: API,
  titleOf: (q) => (q.stem.length > 20 ? `${q.stem.slice(0, 20)}…` : q.stem),
  nameField: 'stem',
  emptyText: '题库中还没有题目：点“新增”逐题录入，或点“导入”按模板批量导入',
  form: {
    width: 760,
    initial: { type: QUESTION_TYPE.single, options: startingOptions(QUESTION_TYPE.single), answer: '', difficulty: 3, enabled: true, tags: '' },
    onValuesChange: (form, changed) => {
      // Another type keeps the stem but not the key nor the options, which mean something else there.
      if ('type' in changed) form.setFieldsValue({ options: startingOptions(changed.type as QuestionType), answer: '' })
    },
  },
  fields: [
    {
      name: 'stem',
      label: '题干',
      type: 'textarea',
      required: true,
      max: QUESTION_LIMITS.stem,
      width: 360,
      column: { ellipsis: true },
      form: { extra: `填空题用“${BLANK_MARKER}”（三个或更多下划线）标出每个空，如：中国共产党第一次全国代表大会于${BLANK_MARKER}年召开。`, span: 24 },
      detail: { span: 'filled' },
    },
    {
      name: 'type',
      label: '题型',
      type: 'select',
      options: typeOptions,
      required: true,
      width: 90,
      display: 'typeName',
      column: { sorter: true },
      search: true,
      form: { span: 12 },
    },
    {
      name: 'difficulty',
      label: '难度',
      type: 'select',
      options: difficultyOptions,
      required: true,
      width: 80,
      display: 'difficultyName',
      column: { sorter: true },
      search: true,
      form: { span: 12 },
    },
    {
      name: 'options',
      label: '选项',
      type: 'custom',
      column: false,
      form: { item: ({ form }) => <ChoiceOptions form={form} /> },
      detail: { hidden: (q) => !isChoice(q.type), render: (q) => q.options.map((o) => `${o.key}. ${o.text}`).join('；'), span: 'filled' },
    },
    {
      name: 'answer',
      label: '答案',
      type: 'custom',
      width: 160,
      render: (_: never, q: Question) => describeAnswer(q.type, q.answer),
      column: { ellipsis: true },
      form: { item: ({ form }) => <AnswerItem form={form} /> },
      detail: { span: 'filled' },
    },
    { name: 'analysis', label: '解析', type: 'textarea', max: QUESTION_LIMITS.analysis, column: false, detail: { span: 'filled' } },
    {
      name: 'tags',
      label: '知识点',
      type: 'custom',
      width: 180,
      render: (_: never, q: Question) => (q.tags ? q.tags.split(TAG_SEPARATOR).map((t) => <Tag key={t}>{t}</Tag>) : null),
      form: { render: () => <TagsInput />, span: 24, extra: `最多${QUESTION_LIMITS.tags}个，每个不超过${QUESTION_LIMITS.tag}个字，输入后回车` },
    },
    filterField<Question>('tag', '知识点', { placeholder: '一个知识点，如 党章' }),
    // 上级: the banks of the organisations above (the university's), which random papers also draw from; read only.
    filterField<Question>('level', '范围', { single: true, placeholder: '本级' }, 'select', {
      options: [
        { label: '本级', value: QUESTION_LEVEL.own },
        { label: '上级（只读）', value: QUESTION_LEVEL.above },
        { label: '本级和上级', value: QUESTION_LEVEL.all },
      ],
    }),
    {
      name: 'orgId',
      label: '所属党校',
      display: 'orgName',
      type: 'custom',
      required: '请选择所属党校（党委或二级党委）',
      width: 180,
      column: { ellipsis: true, sorter: true },
      search: { render: () => <OrgTreeSelect style={{ width: 220 }} selectable={isSchool} placeholder="党委或二级党委" /> },
      form: { render: () => <OrgTreeSelect selectable={isSchool} placeholder="党委或二级党委" />, span: 12 },
    },
    {
      name: 'enabled',
      label: '状态',
      type: 'switch',
      width: 80,
      render: (_: never, q: Question) => (
        <>
          {q.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}
          {q.above && <Tag color="blue">上级</Tag>}
        </>
      ),
      form: { span: 12, extra: '停用的题目保留在题库中，但不会被抽题' },
    },
    filterField<Question>('enabled', '状态', { single: true }, 'select', {
      options: [
        { label: '启用', value: true },
        { label: '停用', value: false },
      ],
    }),
    { name: 'updateTime', label: '更新时间', type: 'datetime', column: false },
  ],
})

/** The options editor, for the choice types only. */
function ChoiceOptions({ form }: { form: FormInstance }) {
  const type = Form.useWatch('type', form) as QuestionType | undefined
  return isChoice(type) ? <OptionsEditor /> : null
}

/** The body the API takes: options keyed A, B, … in order (none for the other types). */
const toQuestionBody = (body: Record<string, unknown>) => {
  const type = body.type as QuestionType
  return { ...body, options: isChoice(type) ? keyed(body.options as { text?: string }[]) : [] }
}

export default function QuestionBankPage() {
  const [preview, setPreview] = useState<Question | null>(null)
  const toggle = async (q: Question, page: ResourcePageApi<Question>) => {
    await put(API, { id: q.id, enabled: !q.enabled })
    page.crud.reload()
  }
  return (
    <ResourcePage
      resource={questionResource}
      submit={(body, record) => {
        // An edit's body carries the version the form was opened with (ResourceForm): a change made since is a 409.
        const b = toQuestionBody(body)
        return record ? put(API, b) : post(API, b)
      }}
      newValues={(filters) => (filters.orgId ? { orgId: filters.orgId } : {})}
      rowActions={(q) => [{ key: 'preview', label: '预览', onClick: () => setPreview(q) }]}
      moreActions={(q, page) => [{ key: 'toggle', label: q.enabled ? '停用' : '启用', need: PERM.tkEdit, hidden: q.above, onClick: () => void toggle(q, page) }]}
      // A question of the bank above is read only here: the server answers any change of it as not found.
      canEdit={(q) => !q.above}
      hasTrail={(q) => !q.above}
      deleteRow={(q) => ({ kind: '题目', hidden: q.above })}
      dialogs={() => (
        <Modal title="题目预览" open={preview !== null} footer={null} width={680} onCancel={() => setPreview(null)} destroyOnHidden>
          {preview && <QuestionPreview question={preview} />}
        </Modal>
      )}
    />
  )
}
