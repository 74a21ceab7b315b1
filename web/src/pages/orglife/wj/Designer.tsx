import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Checkbox, DatePicker, Drawer, Form, Input, InputNumber, Radio, Select, Space, Spin, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import {
  AUDIENCE_ROLE_NAMES,
  PAPER_LIMITS,
  QUESTION_KINDS,
  SHARE,
  SHARE_TYPE_NAMES,
  type AudienceRole,
  type Detail,
  type Input as Body,
  type ShareType,
} from '@/api/generated/survey'
import { QUESTION_KIND_NAMES, type Option as PaperOption, type Question, type QuestionKind } from '@/api/generated/ballot'
import { failureText } from '@/api/request'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import RemoteSelect from '@/components/RemoteSelect'
import { searchMembers } from '@/components/member/service'
import { createQuestionnaire, questionnaire, updateQuestionnaire } from './api'
import Preview from './Preview'

/** The next key "<prefix><n>" not among taken (keys are the server's; people never type them). */
export function nextKey(prefix: string, taken: readonly { key: string }[]): string {
  const n = taken.reduce((m, t) => Math.max(m, t.key.startsWith(prefix) ? Number(t.key.slice(prefix.length)) || 0 : 0), 0)
  return `${prefix}${n + 1}`
}

const CHOICE: readonly QuestionKind[] = ['single', 'multiple']

/** A new question of kind: two options for a choice, two rows and three columns for a matrix. */
export function newQuestion(kind: QuestionKind, taken: readonly Question[]): Question {
  const q: Question = { key: nextKey('q', taken), kind, title: '', required: true }
  if (CHOICE.includes(kind) || kind === 'matrix') q.options = [{ key: 'o1', label: '' }, { key: 'o2', label: '' }]
  if (kind === 'matrix') {
    q.options = [{ key: 'o1', label: '满意' }, { key: 'o2', label: '基本满意' }, { key: 'o3', label: '不满意' }]
    q.rows = [{ key: 'r1', label: '' }, { key: 'r2', label: '' }]
  }
  if (kind === 'rating') q.max = 5
  return q
}

/** A question turned into another kind keeps its title, required and options where the kind has them. */
function changeKind(q: Question, kind: QuestionKind, taken: readonly Question[]): Question {
  const fresh = newQuestion(kind, taken)
  return { ...fresh, key: q.key, title: q.title, note: q.note, required: q.required, showIf: q.showIf,
    options: fresh.options && q.options?.length ? q.options : fresh.options }
}

/** The options (or a matrix's rows) of a question: a label each, added and removed. */
function OptionList({ items, onChange, prefix, noun }: { items: PaperOption[]; onChange: (o: PaperOption[]) => void; prefix: string; noun: string }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4}>
      {items.map((o, i) => (
        <Space.Compact key={o.key} style={{ width: '100%' }}>
          <Input
            aria-label={`${noun}${i + 1}`}
            placeholder={`${noun}${i + 1}`}
            maxLength={PAPER_LIMITS.label}
            value={o.label}
            onChange={(e) => onChange(items.map((x) => (x.key === o.key ? { ...x, label: e.target.value } : x)))}
          />
          <Button aria-label={`删除${noun}${i + 1}`} icon={<DeleteOutlined />} disabled={items.length <= 1} onClick={() => onChange(items.filter((x) => x.key !== o.key))} />
        </Space.Compact>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={items.length >= PAPER_LIMITS.options} onClick={() => onChange([...items, { key: nextKey(prefix, items), label: '' }])}>
        添加{noun}
      </Button>
    </Space>
  )
}

interface CardProps {
  q: Question
  n: number
  total: number
  earlier: Question[]
  onChange: (q: Question) => void
  onKind: (kind: QuestionKind) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}

/** One question in the designer: its kind, title, note, required, what its kind needs, and skip logic. */
function QuestionCard({ q, n, total, earlier, onChange, onKind, onMove, onRemove }: CardProps) {
  const set = (patch: Partial<Question>) => onChange({ ...q, ...patch })
  const conditions = earlier
    .filter((e) => CHOICE.includes(e.kind))
    .flatMap((e) => (e.options ?? []).map((o) => ({ value: `${e.key}|${o.key}`, label: `第${earlier.indexOf(e) + 1}题选“${o.label || o.key}”` })))
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={<Space><span>第{n}题</span><Select aria-label={`第${n}题题型`} size="small" style={{ width: 110 }} value={q.kind} onChange={onKind} options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_NAMES[k] }))} /></Space>}
      extra={
        <Space size={0}>
          <Button type="text" aria-label={`上移第${n}题`} icon={<ArrowUpOutlined />} disabled={n === 1} onClick={() => onMove(-1)} />
          <Button type="text" aria-label={`下移第${n}题`} icon={<ArrowDownOutlined />} disabled={n === total} onClick={() => onMove(1)} />
          <Button type="text" danger aria-label={`删除第${n}题`} icon={<DeleteOutlined />} onClick={onRemove} />
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input aria-label={`第${n}题题目`} placeholder="题目" maxLength={PAPER_LIMITS.label} value={q.title} onChange={(e) => set({ title: e.target.value })} />
        <Input aria-label={`第${n}题说明`} placeholder="说明（选填）" maxLength={PAPER_LIMITS.label} value={q.note ?? ''} onChange={(e) => set({ note: e.target.value || undefined })} />
        <Space wrap>
          <Checkbox checked={!!q.required} onChange={(e) => set({ required: e.target.checked })}>必答</Checkbox>
          {CHOICE.includes(q.kind) && <Checkbox checked={!!q.writeIn} onChange={(e) => set({ writeIn: e.target.checked || undefined })}>允许填写“其他”</Checkbox>}
          {q.kind === 'multiple' && (
            <>
              <span>最少选</span>
              <InputNumber aria-label={`第${n}题最少选`} size="small" min={0} max={q.options?.length ?? 0} precision={0} value={q.min ?? 0} onChange={(v) => set({ min: v || undefined })} />
              <span>最多选</span>
              <InputNumber aria-label={`第${n}题最多选`} size="small" min={0} precision={0} value={q.max ?? 0} onChange={(v) => set({ max: v || undefined })} />
              <Typography.Text type="secondary">0 表示不限</Typography.Text>
            </>
          )}
          {q.kind === 'rating' && (
            <>
              <span>满分</span>
              <InputNumber aria-label={`第${n}题满分`} size="small" min={2} max={PAPER_LIMITS.ratingStep} precision={0} value={q.max ?? 5} onChange={(v) => set({ max: v ?? 5 })} />
            </>
          )}
          {q.kind === 'text' && (
            <>
              <span>字数上限</span>
              <InputNumber aria-label={`第${n}题字数上限`} size="small" min={1} max={PAPER_LIMITS.text} precision={0} value={q.maxLen ?? PAPER_LIMITS.defaultText} onChange={(v) => set({ maxLen: v ?? undefined })} />
            </>
          )}
        </Space>
        {q.kind === 'matrix' && <Typography.Text strong>行（评价对象）</Typography.Text>}
        {q.kind === 'matrix' && <OptionList items={q.rows ?? []} onChange={(rows) => set({ rows })} prefix="r" noun="行" />}
        {q.kind === 'matrix' && <Typography.Text strong>列（每行的选项）</Typography.Text>}
        {(CHOICE.includes(q.kind) || q.kind === 'matrix') && <OptionList items={q.options ?? []} onChange={(options) => set({ options })} prefix="o" noun="选项" />}
        <Space>
          <span>显示条件</span>
          <Select
            aria-label={`第${n}题显示条件`}
            allowClear
            placeholder={conditions.length ? '总是显示' : '前面没有选择题，总是显示'}
            disabled={!conditions.length}
            style={{ width: 280 }}
            options={conditions}
            value={q.showIf ? `${q.showIf.question}|${q.showIf.option}` : undefined}
            onChange={(v?: string) => set({ showIf: v ? { question: v.split('|')[0], option: v.split('|')[1] } : undefined })}
          />
        </Space>
      </Space>
    </Card>
  )
}

interface Meta {
  title: string
  intro?: string
  orgId: number
  anonymous: boolean
  shareType: ShareType
  members?: number[]
  roles?: AudienceRole[]
  orgs?: number | number[]
  closesAt?: Dayjs
}

/** Skip logic pointing at a question moved below, removed or changed kind is dropped (the server would refuse it). */
function tidy(questions: Question[]): Question[] {
  return questions.map((q, i) => {
    const c = q.showIf
    if (!c) return q
    const target = questions.slice(0, i).find((e) => e.key === c.question)
    const ok = target && CHOICE.includes(target.kind) && target.options?.some((o) => o.key === c.option)
    return ok ? q : { ...q, showIf: undefined }
  })
}

function DesignerForm({ initial, onClose, onSaved }: { initial?: Detail; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Meta>()
  const [questions, setQuestions] = useState<Question[]>(initial?.paper.questions ?? [newQuestion('single', [])])
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [previewing, setPreviewing] = useState(false)
  const shareType = Form.useWatch('shareType', form)
  const update = (next: Question[]) => setQuestions(tidy(next))
  const known = (initial?.targets.members ?? []).map((id, i) => ({ value: id, label: initial?.targetNames[i] ?? String(id) }))
  const paperOf = (m: Partial<Meta>) => ({ title: (m.title ?? '').trim(), intro: m.intro?.trim() || undefined, questions })
  const save = async () => {
    setError(undefined)
    let m: Meta
    try {
      m = await form.validateFields()
    } catch {
      return
    }
    const orgs = m.orgs === undefined ? [] : Array.isArray(m.orgs) ? m.orgs : [m.orgs]
    const body: Body = {
      orgId: m.orgId,
      paper: paperOf(m),
      anonymous: m.anonymous,
      shareType: m.shareType,
      targets: m.shareType === SHARE.custom ? { members: m.members ?? [] } : m.shareType === SHARE.role ? { roles: m.roles ?? [] } : { orgs },
      closesAt: m.closesAt ? m.closesAt.toISOString() : null,
    }
    setSaving(true)
    try {
      if (initial) await updateQuestionnaire(initial.id, body)
      else await createQuestionnaire(body)
      ui.message.success('问卷已保存')
      onSaved()
      onClose()
    } catch (e) {
      setError(await failureText(e))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Drawer
      {...DIALOG_DEFAULTS}
      open
      width={860}
      title={initial ? `编辑问卷：${initial.title}` : '新建问卷'}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={() => setPreviewing(true)}>预览</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>保存</Button>
        </Space>
      }
    >
      <Form<Meta>
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 19 }}
        autoComplete="off"
        initialValues={{
          title: initial?.paper.title,
          intro: initial?.paper.intro,
          orgId: initial?.orgId,
          anonymous: initial?.anonymous ?? false,
          shareType: initial?.shareType ?? SHARE.org,
          members: initial?.targets.members,
          roles: initial?.targets.roles as AudienceRole[] | undefined,
          orgs: initial?.targets.orgs,
          closesAt: initial?.closesAt ? dayjs(initial.closesAt) : undefined,
        }}
      >
        <Form.Item name="title" label="问卷标题" rules={[{ required: true, whitespace: true, message: '请输入问卷标题' }]}>
          <Input maxLength={PAPER_LIMITS.label} />
        </Form.Item>
        <Form.Item name="intro" label="问卷说明">
          <Input.TextArea rows={2} maxLength={PAPER_LIMITS.text} />
        </Form.Item>
        <Form.Item name="orgId" label="发布党组织" rules={[{ required: true, message: '请选择发布问卷的党组织' }]}>
          <OrgTreeSelect />
        </Form.Item>
        <Form.Item name="anonymous" label="实名/匿名" extra="匿名问卷不记录填写人，停止收集或截止后才能查看结果；发布后不能更改">
          <Radio.Group options={[{ value: false, label: '实名' }, { value: true, label: '匿名' }]} />
        </Form.Item>
        <Form.Item name="shareType" label="发放范围">
          <Radio.Group options={(Object.keys(SHARE_TYPE_NAMES) as unknown as ShareType[]).map((k) => ({ value: Number(k), label: SHARE_TYPE_NAMES[k] }))} />
        </Form.Item>
        {shareType === SHARE.custom && (
          <Form.Item name="members" label="填写人员" rules={[{ required: true, message: '请选择填写问卷的党员' }]}>
            <RemoteSelect multiple known={known} search={(t) => searchMembers(t)} placeholder="输入姓名搜索党员" emptyText="没有匹配的党员" />
          </Form.Item>
        )}
        {shareType === SHARE.role && (
          <Form.Item name="roles" label="角色" rules={[{ required: true, message: '请选择填写问卷的角色' }]} extra="您管理范围内持有所选角色的账号">
            <Checkbox.Group options={(Object.keys(AUDIENCE_ROLE_NAMES) as AudienceRole[]).map((r) => ({ value: r, label: AUDIENCE_ROLE_NAMES[r] }))} />
          </Form.Item>
        )}
        {shareType === SHARE.org && (
          <Form.Item name="orgs" label="党组织" rules={[{ required: true, message: '请选择填写问卷的党组织' }]} extra="所选党组织及其下级党组织的党员（正式党员和预备党员）">
            <OrgTreeSelect checkable />
          </Form.Item>
        )}
        <Form.Item name="closesAt" label="截止时间" extra="不填则停止收集前一直可以填写">
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>题目（{questions.length}）</Typography.Title>
      {questions.length === 0 && <Alert type="info" showIcon title="还没有题目：请在下方添加" style={{ marginBottom: 12 }} />}
      {questions.map((q, i) => (
        <QuestionCard
          key={q.key}
          q={q}
          n={i + 1}
          total={questions.length}
          earlier={questions.slice(0, i)}
          onChange={(next) => update(questions.map((x) => (x.key === q.key ? next : x)))}
          onKind={(kind) => update(questions.map((x) => (x.key === q.key ? changeKind(x, kind, questions) : x)))}
          onMove={(by) => {
            const next = [...questions]
            ;[next[i], next[i + by]] = [next[i + by], next[i]]
            update(next)
          }}
          onRemove={() =>
            ui.modal.confirm({
              title: `删除第${i + 1}题`,
              content: q.title ? `确定删除“${q.title}”吗？` : '确定删除这道题吗？',
              okText: '删除',
              okButtonProps: { danger: true },
              cancelText: '取消',
              onOk: () => update(questions.filter((x) => x.key !== q.key)),
            })
          }
        />
      ))}
      <Space wrap style={{ marginBottom: 12 }}>
        {QUESTION_KINDS.map((k) => (
          <Button key={k} icon={<PlusOutlined />} disabled={questions.length >= PAPER_LIMITS.questions} onClick={() => update([...questions, newQuestion(k, questions)])}>
            {QUESTION_KIND_NAMES[k]}
          </Button>
        ))}
      </Space>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      {previewing && <Preview paper={paperOf(form.getFieldsValue())} onClose={() => setPreviewing(false)} />}
    </Drawer>
  )
}

/** The designer of a new questionnaire (id undefined) or of a draft: meta, audience, questions, preview, save. */
export default function Designer({ id, onClose, onSaved }: { id?: number; onClose: () => void; onSaved: () => void }) {
  const q = useQuery({ queryKey: ['wj', 'detail', id], queryFn: () => questionnaire(id!), enabled: id !== undefined })
  if (id !== undefined && q.isLoading)
    return <Drawer open width={860} title="编辑问卷" onClose={onClose}><Spin style={{ display: 'block', margin: '48px auto' }} /></Drawer>
  if (id !== undefined && !q.data)
    return <Drawer open width={860} title="编辑问卷" onClose={onClose}><Alert type="error" showIcon title="问卷不存在或您无权查看" /></Drawer>
  return <DesignerForm initial={q.data} onClose={onClose} onSaved={onSaved} />
}
