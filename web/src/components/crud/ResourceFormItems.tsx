import { Col, Form, type FormInstance, type FormRule } from 'antd'
import { Fragment } from 'react'
import { useDicts } from '@/components/dict/useDicts'
import { formOptions } from '@/utils/dict'
import FieldControl from './FieldControl'
import { dictsOf, formOf, type Field, type FormContext } from './resource'

const CHOSEN = new Set(['dict', 'select', 'date', 'dateRange', 'custom', 'switch'])

/** The rules of a field: required and max with Chinese messages, then its own. */
export function rulesOf<T>(f: Field<T>, ctx: FormContext<T>): FormRule[] {
  const rules: FormRule[] = []
  if (f.required) {
    const message = typeof f.required === 'string' ? f.required : `${CHOSEN.has(f.type ?? 'text') ? '请选择' : '请输入'}${f.label}`
    // `whitespace` makes async-validator check a string: only texts get it.
    rules.push(CHOSEN.has(f.type ?? 'text') || f.type === 'number' ? { required: true, message } : { required: true, whitespace: true, message })
  }
  if (f.max) rules.push({ max: f.max, message: `${f.label}不能超过${f.max}个字` })
  return [...rules, ...(f.rules ?? []), ...(formOf(f)?.rules?.(ctx) ?? [])]
}

interface Props<T> {
  fields: Field<T>[]
  form: FormInstance
  record: T | null
  initial?: Record<string, unknown>
  /** Drawer forms lay fields out in columns; dialog forms one under another. */
  columns?: boolean
}

/** The create/edit form items of a field list, in its order. */
export default function ResourceFormItems<T>({ fields, form, record, initial, columns }: Props<T>) {
  const dicts = useDicts(...dictsOf(fields))
  const ctx: FormContext<T> = { form, record, initial }
  return (
    <>
      {fields.map((f) => {
        const o = formOf(f)
        if (!o || o.hidden?.(ctx)) return null
        if (o.item) return <Fragment key={f.name}>{o.item(ctx)}</Fragment>
        const control = o.render ? (
          o.render(ctx)
        ) : (
          <FieldControl
            field={f}
            options={f.type === 'dict' && f.dict ? formOptions(dicts[f.dict], record?.[f.name as keyof T]) : f.options}
            placeholder={o.placeholder}
            props={o.props}
          />
        )
        const item = (
          <Form.Item name={f.name} label={f.label} rules={rulesOf(f, ctx)} extra={o.extra} dependencies={o.dependencies} valuePropName={f.type === 'switch' ? 'checked' : undefined}>
            {control}
          </Form.Item>
        )
        return columns ? (
          <Col key={f.name} span={o.span ?? (f.type === 'textarea' ? 24 : 12)}>
            {item}
          </Col>
        ) : (
          <Fragment key={f.name}>{item}</Fragment>
        )
      })}
    </>
  )
}
