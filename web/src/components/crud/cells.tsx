import type { ReactNode } from 'react'
import { timeCell, yesNo } from '@/components/format'
import { displayOf, type Field } from './resource'

/** A field's value as the table and the detail show it: its own render, else by its type. */
export function cellOf<T>(f: Field<T>, value: unknown, record: T): ReactNode {
  if (f.render) return (f.render as (v: unknown, r: T) => ReactNode)(value, record)
  if (f.type === 'datetime') return timeCell(value as string | null)
  if (f.type === 'switch') return typeof value === 'boolean' ? yesNo(value) : ''
  if (f.type === 'select' && f.display === undefined) return f.options?.find((o) => o.value === value)?.label ?? (value as ReactNode)
  return (value ?? '') as ReactNode
}

/** The value of the row property a field shows. */
export const shownValue = <T,>(f: Field<T>, record: T) => (record as Record<string, unknown>)[displayOf(f)]
