import type { FormInstance } from 'antd'
import type { ReactNode } from 'react'

/** What the create/edit dialog and drawer share: the form's start, its submit and what follows it. */
export interface FormShellProps<V> {
  title: string
  /** Values the form starts with (the record being edited). */
  initialValues?: Partial<V>
  /** Sends the values; a rejection keeps the form open (the error shows on its field, else beside the buttons). */
  onSubmit: (values: V) => Promise<unknown>
  onClose: () => void
  /** Called after a successful submit, before the form closes (reload the list). */
  onDone?: () => void
  successText?: string
  width?: number
  form?: FormInstance<V>
  /** Called on every field change, e.g. to show fields by type. */
  onValuesChange?: (changed: Partial<V>, all: V) => void
  children: ReactNode
}
