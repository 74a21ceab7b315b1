import { Descriptions, type DescriptionsProps } from 'antd'
import type { ReactNode } from 'react'
import { cellOf, shownValue } from './cells'
import { detailOf, type Field } from './resource'

interface Props<T> {
  fields: Field<T>[]
  record: T
  column?: DescriptionsProps['column']
  /** Items after the fields (values that are not fields of the record). */
  extra?: DescriptionsProps['items']
}

/** The detail of a record: its fields marked for the detail, as bordered antd Descriptions. */
export default function ResourceDescriptions<T>({ fields, record, column = 2, extra = [] }: Props<T>) {
  const items: DescriptionsProps['items'] = fields.flatMap((f) => {
    const d = detailOf(f)
    if (!d || d.hidden?.(record)) return []
    const children: ReactNode = d.render ? d.render(record) : cellOf(f, shownValue(f, record), record)
    return [{ key: f.name, label: d.label ?? f.label, children, span: d.span }]
  })
  return <Descriptions bordered size="small" column={column} items={[...items, ...extra]} />
}
