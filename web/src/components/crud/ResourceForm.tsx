import { Form, Row } from 'antd'
import type { ReactNode } from 'react'
import FormDialog from '@/components/FormDialog'
import FormDrawer from '@/components/FormDrawer'
import ResourceFormItems from './ResourceFormItems'
import { idOf, titleOf, toBody, toFormValues, type Resource } from './resource'

interface Props<T> {
  resource: Resource<T, unknown>
  /** The record being edited (as the detail answers it), or null to add one. */
  record: T | null
  /** Values a new record starts with, over the resource's `form.initial`. */
  initial?: Record<string, unknown>
  title?: string
  /** Sends the body instead of the resource's create/update (e.g. to warn about what the server answered); an edit's body carries the record's id and updateTime. */
  submit?: (body: Record<string, unknown>, record: T | null) => Promise<unknown>
  onClose: () => void
  onDone: () => void
  /** Items after the fields (rare: a control that is not a field of the record). */
  children?: ReactNode
}

/**
 * The create/edit form of a resource: its form fields in a drawer (two columns) or a dialog,
 * the body built by toBody, sent to create or update; server errors naming a field show on it.
 */
export default function ResourceForm<T>({ resource: res, record, initial, title, submit, onClose, onDone, children }: Props<T>) {
  const [form] = Form.useForm<Record<string, unknown>>()
  const spec = res.form ?? {}
  const send = (values: Record<string, unknown>) => {
    const body = toBody(res.fields, values)
    // The version the form was opened with: the server refuses it (409) when the record changed since. A custom
    // submit gets it in the body too, or a concurrent edit would be silently overwritten.
    const version = (record as { updateTime?: string } | null)?.updateTime
    const edited = record ? { ...body, id: idOf(record), ...(version ? { updateTime: version } : {}) } : body
    if (submit) return submit(edited, record)
    if (record) return res.api.update!(edited as never)
    return res.api.create!(body as never)
  }
  const start = record ? toFormValues(res.fields, record) : { ...spec.initial, ...initial }
  const common = {
    title: title ?? spec.title?.(record) ?? (record ? `编辑${res.noun}：${titleOf(res, record)}` : `新增${res.noun}`),
    form,
    width: spec.width,
    initialValues: start,
    onSubmit: send,
    onClose,
    onDone,
    onValuesChange: spec.onValuesChange ? (changed: Partial<Record<string, unknown>>) => spec.onValuesChange!(form, changed) : undefined,
  }
  if (spec.dialog)
    return (
      <FormDialog<Record<string, unknown>> {...common} labelSpan={spec.labelSpan}>
        <ResourceFormItems fields={res.fields} form={form} record={record} initial={start} />
        {children}
      </FormDialog>
    )
  return (
    <FormDrawer<Record<string, unknown>> {...common}>
      <Row gutter={16}>
        <ResourceFormItems fields={res.fields} form={form} record={record} initial={start} columns />
        {children}
      </Row>
    </FormDrawer>
  )
}
