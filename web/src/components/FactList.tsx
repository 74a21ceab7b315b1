import { Descriptions, type DescriptionsProps } from 'antd'
import type { ReactNode } from 'react'

/** One line of a record's facts (its span: `filled` for a long text); a falsy entry (`r.leavingOn && ['预计离校日期', r.leavingOn]`) leaves it out. */
export type Fact = readonly [label: string, value: ReactNode, span?: number | 'filled']

export type Facts = (Fact | false | null | undefined | '' | 0)[]

/** What a record holds, label by label (a workflow record's header, a payment, a letter): the facts given, in order. */
export default function FactList({ facts, ...props }: { facts: Facts } & Omit<DescriptionsProps, 'items'>) {
  const items = facts.filter((f): f is Fact => !!f).map(([label, children, span]) => ({ key: label, label, children, span }))
  return <Descriptions size="small" {...props} items={items} />
}
