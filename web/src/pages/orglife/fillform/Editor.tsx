import { useQuery } from '@tanstack/react-query'
import { DatePicker, Form, Input, Radio, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { AUDIENCE_NAMES, AUDIENCES, LIMITS, MODE_NAMES, MODES, type Audience, type Field, type FormDetail, type FormInput, type Mode } from '@/api/generated/fillform'
import FormDrawer from '@/components/FormDrawer'
import { searchMembers } from '@/components/member/service'
import { orgPickerList } from '@/components/org/org'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import RemoteSelect from '@/components/RemoteSelect'
import { createForm, updateForm } from '../fill/api'
import FieldEditor, { fieldListProblem } from '../fill/FieldEditor'

/** The branch types (党支部, 直属党支部): a form to organisations goes to branches. */
const BRANCH_TYPES = new Set(['4', '5'])

export interface EditorValues {
  title: string
  description?: string
  orgId: number
  deadline: Dayjs
  audience: Audience
  mode: Mode
  rootId?: number
  ids?: number[]
  fields: Field[]
}

/** The body of a draft from the editor's values: options trimmed, the deadline as an instant. */
export function toInput(v: EditorValues, updateTime?: string): FormInput {
  return {
    title: v.title.trim(),
    description: v.description?.trim() ?? '',
    orgId: v.orgId,
    deadline: v.deadline.second(0).millisecond(0).toISOString(),
    audience: v.audience,
    mode: v.mode,
    rootId: v.mode === 'subtree' ? (v.rootId ?? null) : null,
    ids: v.mode === 'list' ? (v.ids ?? []) : [],
    fields: v.fields.map((f) => ({ ...f, label: f.label.trim(), options: f.options?.map((o) => o.trim()).filter(Boolean) })),
    ...(updateTime ? { updateTime } : {}),
  }
}

/** The branches of the caller's scope, for a picked list. */
function BranchSelect(props: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const q = useQuery({ queryKey: ['dzz', 'picker', 'flat'], queryFn: () => orgPickerList('1'), staleTime: 60_000 })
  const options = (q.data ?? []).filter((o) => BRANCH_TYPES.has(o.type)).map((o) => ({ value: o.id, label: o.parentName ? `${o.name}（${o.parentName}）` : o.name }))
  return (
    <Select {...props} mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} loading={q.isLoading} options={options} placeholder="选择党支部"
      notFoundContent={q.isLoading ? '加载中…' : '您的管理范围内没有党支部'} />
  )
}

/**
 * 新建表单 / 编辑表单: what is asked (title, explanation, fields), of whom (branches or members, a subtree or a
 * list, within the sending organisation) and until when. Only a draft is edited; publishing fixes it.
 */
export default function Editor({ draft, onClose, onSaved }: { draft?: FormDetail; onClose: () => void; onSaved: (d: FormDetail) => void }) {
  const [form] = Form.useForm<EditorValues>()
  const audience = Form.useWatch('audience', form)
  const mode = Form.useWatch('mode', form)
  const orgId = Form.useWatch('orgId', form)
  const initial: Partial<EditorValues> = draft
    ? {
        title: draft.title,
        description: draft.description,
        orgId: draft.orgId,
        deadline: dayjs(draft.deadline),
        audience: draft.audience,
        mode: draft.mode,
        rootId: draft.rootId ?? undefined,
        ids: draft.ids,
        fields: draft.fields,
      }
    : { audience: 'orgs', mode: 'subtree', fields: [], deadline: dayjs().add(7, 'day').hour(17).minute(0).second(0) }
  return (
    <FormDrawer<EditorValues>
      title={draft ? `编辑表单：${draft.title}` : '新建表单'}
      width={820}
      form={form}
      initialValues={initial}
      successText="表单已保存为草稿"
      onClose={onClose}
      onSubmit={async (v) => {
        const body = toInput(v, draft?.updateTime)
        onSaved(await (draft ? updateForm(draft.id, body) : createForm(body)))
      }}
    >
      <Form.Item name="title" label="表单名称" rules={[{ required: true, whitespace: true, message: '请输入表单名称' }]}>
        <Input maxLength={LIMITS.title} placeholder="如：2026年党支部工作情况统计" />
      </Form.Item>
      <Form.Item name="description" label="填报说明">
        <Input.TextArea rows={3} maxLength={LIMITS.description} showCount />
      </Form.Item>
      <Form.Item name="orgId" label="发送单位" rules={[{ required: true, message: '请选择发送填报的党组织' }]} extra="填报对象须在发送单位及其下级范围内">
        <OrgTreeSelect selectable={(o) => ['1', '2', '3'].includes(o.type)} />
      </Form.Item>
      <Form.Item name="deadline" label="截止时间" rules={[{ required: true, message: '请选择截止时间' }]} extra="截止时间当分钟内提交仍有效，之后不能再提交">
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item name="audience" label="填报对象" rules={[{ required: true, message: '请选择填报对象' }]}
        extra={audience === 'members' ? '每名党员本人填报' : '由党支部书记代表党支部填报'}>
        <Radio.Group options={AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_NAMES[a] }))} />
      </Form.Item>
      <Form.Item name="mode" label="范围" rules={[{ required: true, message: '请选择填报对象的范围' }]}>
        <Radio.Group options={MODES.map((m) => ({ value: m, label: MODE_NAMES[m] }))} />
      </Form.Item>
      {mode === 'list' ? (
        <Form.Item name="ids" label={audience === 'members' ? '指定党员' : '指定党支部'} rules={[{ required: true, message: audience === 'members' ? '请选择填报的党员' : '请选择填报的党支部' }]}>
          {audience === 'members' ? (
            <RemoteSelect multiple search={(t) => searchMembers(t, orgId)} known={draft?.audience === 'members' ? draft.picked.map((p) => ({ value: p.id, label: p.name })) : []}
              placeholder="输入姓名搜索" emptyText="没有匹配的党员" />
          ) : (
            <BranchSelect />
          )}
        </Form.Item>
      ) : (
        <Form.Item name="rootId" label="党组织" rules={[{ required: true, message: '请选择填报对象所属的党组织' }]}
          extra={audience === 'members' ? '该党组织及其下级的全体党员' : '该党组织下的全部党支部'}>
          <OrgTreeSelect />
        </Form.Item>
      )}
      <Form.Item name="fields" label="表单字段" required
        rules={[{ validator: (_, v: Field[] | undefined) => { const p = fieldListProblem(v ?? []); return p ? Promise.reject(new Error(p)) : Promise.resolve() } }]}>
        <FieldEditor />
      </Form.Item>
    </FormDrawer>
  )
}
