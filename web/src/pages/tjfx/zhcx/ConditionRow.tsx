import { DeleteOutlined } from '@ant-design/icons'
import { Button, DatePicker, InputNumber, Input, Select, Space } from 'antd'
import dayjs from 'dayjs'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { searchOptions } from '@/utils/dict'
import type { DictOption } from '@/api/dict'
import type { Condition, FieldInfo } from './api'

/** How many values an operator takes: none, one, two (between) or several (in). */
export function arity(op: string): 0 | 1 | 2 | 'many' {
  if (op === 'empty' || op === 'notEmpty') return 0
  if (op === 'between') return 2
  if (op === 'in') return 'many'
  return 1
}

/** The values a condition keeps when its operator changes to op. */
export function valuesFor(op: string, values: string[]): string[] {
  const n = arity(op)
  if (n === 'many') return values.filter(Boolean)
  return Array.from({ length: n }, (_, i) => values[i] ?? '')
}

interface Props {
  condition: Condition
  fields: FieldInfo[]
  dicts: Record<string, DictOption[]>
  onChange: (c: Condition) => void
  onRemove: () => void
}

/** One condition: the field (from the server's allowlist), the operator of its kind, and the value input of its kind. */
export default function ConditionRow({ condition, fields, dicts, onChange, onRemove }: Props) {
  const field = fields.find((f) => f.key === condition.field)
  const chooseField = (key: string) => {
    const f = fields.find((x) => x.key === key)
    const op = f?.ops[0]?.op ?? 'eq'
    onChange({ field: key, op, values: valuesFor(op, []) })
  }
  const setValue = (i: number, v: string) => {
    const values = [...condition.values]
    values[i] = v
    onChange({ ...condition, values })
  }
  const input = (i: number) => {
    const v = condition.values[i] ?? ''
    const label = `取值${arity(condition.op) === 2 ? (i === 0 ? '（起）' : '（止）') : ''}`
    if (!field) return null
    if (condition.op === 'beforeYears' || condition.op === 'withinYears' || field.kind === 'number' || field.kind === 'age') {
      return (
        <InputNumber
          key={i}
          aria-label={label}
          value={v === '' ? null : Number(v)}
          min={field.kind === 'number' ? undefined : 0}
          onChange={(n) => setValue(i, n === null ? '' : String(n))}
          placeholder={condition.op.endsWith('Years') ? 'N 年' : field.kind === 'age' ? '岁' : '数值'}
          style={{ width: 110 }}
        />
      )
    }
    switch (field.kind) {
      case 'date':
        return (
          <DatePicker key={i} aria-label={label} value={v ? dayjs(v) : null} onChange={(d) => setValue(i, d ? d.format('YYYY-MM-DD') : '')} />
        )
      case 'dict':
        return (
          <Select
            key={i}
            aria-label={label}
            value={v || undefined}
            onChange={(x: string) => setValue(i, x)}
            options={field.dict ? searchOptions(dicts[field.dict]) : field.options}
            placeholder="请选择"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
          />
        )
      case 'org':
        return (
          <OrgTreeSelect
            key={i}
            value={v ? Number(v) : null}
            onChange={(x) => setValue(i, typeof x === 'number' ? String(x) : '')}
            status=""
            style={{ width: 260 }}
          />
        )
      default:
        return <Input key={i} aria-label={label} value={v} onChange={(e) => setValue(i, e.target.value)} maxLength={100} style={{ width: 180 }} />
    }
  }
  const many = () => {
    if (field?.kind === 'dict') {
      return (
        <Select
          mode="multiple"
          aria-label="取值"
          value={condition.values}
          onChange={(values: string[]) => onChange({ ...condition, values })}
          options={field.dict ? searchOptions(dicts[field.dict]) : field.options}
          placeholder="请选择"
          style={{ minWidth: 220 }}
        />
      )
    }
    return (
      <Select
        mode="tags"
        aria-label="取值"
        value={condition.values}
        onChange={(values: string[]) => onChange({ ...condition, values })}
        placeholder="输入后回车"
        open={false}
        style={{ minWidth: 220 }}
      />
    )
  }
  const n = arity(condition.op)
  return (
    <Space wrap>
      <Select
        aria-label="查询字段"
        value={condition.field || undefined}
        onChange={chooseField}
        options={fields.map((f) => ({ value: f.key, label: f.label }))}
        placeholder="选择字段"
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 160 }}
      />
      <Select
        aria-label="比较方式"
        // Before a field is chosen there are no operators to name: the placeholder, not the code.
        value={field ? condition.op : undefined}
        placeholder="比较方式"
        onChange={(op: string) => onChange({ ...condition, op, values: valuesFor(op, condition.values) })}
        options={(field?.ops ?? []).map((o) => ({ value: o.op, label: o.label }))}
        disabled={!field}
        style={{ width: 150 }}
      />
      {n === 'many' ? many() : Array.from({ length: n }, (_, i) => input(i))}
      <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除条件" onClick={onRemove} />
    </Space>
  )
}
