import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Card, Checkbox, Empty, Form, Input, InputNumber, Popconfirm, Select, Space, Typography } from 'antd'
import { FIELD_KIND_NAMES, FIELD_KINDS, LIMITS, type Field, type FieldKind } from '@/api/generated/fillform'

const KIND_OPTIONS = FIELD_KINDS.map((k) => ({ value: k, label: FIELD_KIND_NAMES[k] }))

/** A new field of a kind: the server gives its key when the draft is saved. */
export function newField(kind: FieldKind): Field {
  const f: Field = { key: '', label: '', kind, required: false, help: '' }
  if (kind === 'text') f.maxLength = LIMITS.defaultText
  if (kind === 'textarea') f.maxLength = LIMITS.defaultTextarea
  if (kind === 'number') f.decimals = 0
  if (kind === 'single' || kind === 'multiple') f.options = []
  return f
}

const hasOptions = (k: FieldKind) => k === 'single' || k === 'multiple'

/**
 * The designer's checks of a field list before it is sent, worded as the server words them
 * (internal/fillform/fields.go checkFields): the first problem, or null.
 */
export function fieldListProblem(fields: readonly Field[]): string | null {
  if (fields.length > LIMITS.fields) return `表单字段不超过${LIMITS.fields}项`
  const seen = new Map<string, number>()
  for (const [i, f] of fields.entries()) {
    const no = i + 1
    const label = f.label.trim()
    if (!label) return `第${no}项：请输入字段名称`
    if (Array.from(label).length > LIMITS.label) return `第${no}项：字段名称不超过${LIMITS.label}个字`
    const twin = seen.get(label)
    if (twin) return `第${no}项：字段名称“${label}”与第${twin}项重复`
    seen.set(label, no)
    if (hasOptions(f.kind)) {
      const opts = (f.options ?? []).map((o) => o.trim()).filter(Boolean)
      const dup = opts.find((o, j) => opts.indexOf(o) !== j)
      if (dup) return `第${no}项：“${label}”的选项“${dup}”重复`
      if (opts.length < 2) return `第${no}项：“${label}”请至少设置2个选项`
      if (opts.length > LIMITS.options) return `第${no}项：“${label}”的选项不超过${LIMITS.options}个`
    }
    if (f.kind === 'number' && f.min != null && f.max != null && f.min > f.max) return `第${no}项：“${label}”的最小值不能大于最大值`
  }
  return null
}

interface Props {
  value?: Field[]
  onChange?: (fields: Field[]) => void
  /** A published form's fields are shown only. */
  disabled?: boolean
}

/** One field's settings. */
function FieldCard({ f, no, count, disabled, set, put, move, remove }: {
  f: Field
  no: number
  count: number
  disabled: boolean
  set: (patch: Partial<Field>) => void
  /** Replaces the field (a new kind drops the old kind's settings). */
  put: (field: Field) => void
  move: (by: -1 | 1) => void
  remove: () => void
}) {
  const limit = f.kind === 'textarea' ? LIMITS.textarea : LIMITS.text
  return (
    <Card size="small" style={{ marginBottom: 8 }} data-testid={`field-${no}`}
      title={<Typography.Text type="secondary">第{no}项 · {FIELD_KIND_NAMES[f.kind]}</Typography.Text>}
      extra={
        <Space size={0}>
          <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`上移第${no}项`} disabled={disabled || no === 1} onClick={() => move(-1)} />
          <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={`下移第${no}项`} disabled={disabled || no === count} onClick={() => move(1)} />
          <Popconfirm title={`确定删除第${no}项“${f.label || FIELD_KIND_NAMES[f.kind]}”吗？`} okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={remove} disabled={disabled}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除第${no}项`} disabled={disabled} />
          </Popconfirm>
        </Space>
      }
    >
      <Space wrap style={{ width: '100%' }}>
        <Input aria-label={`第${no}项名称`} placeholder="字段名称" value={f.label} maxLength={LIMITS.label} style={{ width: 240 }} disabled={disabled}
          onChange={(e) => set({ label: e.target.value })} />
        <Select aria-label={`第${no}项类型`} value={f.kind} options={KIND_OPTIONS} style={{ width: 120 }} disabled={disabled}
          onChange={(kind: FieldKind) => put({ ...newField(kind), key: f.key, label: f.label, required: f.required, help: f.help })} />
        <Checkbox checked={f.required} disabled={disabled} onChange={(e) => set({ required: e.target.checked })}>必填</Checkbox>
      </Space>
      <Input aria-label={`第${no}项填写说明`} placeholder="填写说明（选填）" value={f.help} maxLength={LIMITS.help} style={{ marginTop: 8 }} disabled={disabled}
        onChange={(e) => set({ help: e.target.value })} />
      {(f.kind === 'text' || f.kind === 'textarea') && (
        <Space style={{ marginTop: 8 }}>
          <span>最多</span>
          <InputNumber aria-label={`第${no}项最大字数`} min={1} max={limit} precision={0} value={f.maxLength} disabled={disabled}
            onChange={(v) => set({ maxLength: v ?? undefined })} />
          <span>个字</span>
        </Space>
      )}
      {f.kind === 'number' && (
        <Space wrap style={{ marginTop: 8 }}>
          <InputNumber aria-label={`第${no}项最小值`} placeholder="最小值" value={f.min ?? null} disabled={disabled} onChange={(v) => set({ min: v })} />
          <span>至</span>
          <InputNumber aria-label={`第${no}项最大值`} placeholder="最大值" value={f.max ?? null} disabled={disabled} onChange={(v) => set({ max: v })} />
          <span>小数位数</span>
          <InputNumber aria-label={`第${no}项小数位数`} min={0} max={LIMITS.decimals} precision={0} value={f.decimals ?? 0} disabled={disabled}
            onChange={(v) => set({ decimals: v ?? 0 })} />
        </Space>
      )}
      {hasOptions(f.kind) && (
        <Input.TextArea aria-label={`第${no}项选项`} placeholder="每行一个选项，至少2个" rows={3} style={{ marginTop: 8 }} disabled={disabled}
          value={(f.options ?? []).join('\n')} onChange={(e) => set({ options: e.target.value.split('\n') })} />
      )}
      {f.kind === 'file' && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          填报人上传附件，每项最多{LIMITS.filesPerField}个文件，文件类型和大小按系统上传设置限制。
        </Typography.Paragraph>
      )}
    </Card>
  )
}

/**
 * 表单字段: the ordered fields of a draft, each with its kind's settings; a field is added by its kind. Its own
 * <Form component={false}> keeps the inputs out of the status of the form item holding the list (a problem of
 * one field would otherwise outline every input red).
 */
export default function FieldEditor({ value = [], onChange, disabled = false }: Props) {
  const change = (next: Field[]) => onChange?.(next)
  return (
    <Form component={false}>
      {value.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未添加字段：点击下方按钮按类型添加" />}
      {value.map((f, i) => (
        <FieldCard key={i} f={f} no={i + 1} count={value.length} disabled={disabled}
          set={(patch) => change(value.map((x, j) => (j === i ? { ...x, ...patch } : x)))}
          put={(field) => change(value.map((x, j) => (j === i ? field : x)))}
          move={(by) => {
            const next = [...value]
            ;[next[i], next[i + by]] = [next[i + by], next[i]]
            change(next)
          }}
          remove={() => change(value.filter((_, j) => j !== i))}
        />
      ))}
      {!disabled && value.length < LIMITS.fields && (
        <Space wrap>
          {FIELD_KINDS.map((k) => (
            <Button key={k} size="small" type="dashed" icon={<PlusOutlined />} onClick={() => change([...value, newField(k)])}>
              {FIELD_KIND_NAMES[k]}
            </Button>
          ))}
        </Space>
      )}
    </Form>
  )
}
