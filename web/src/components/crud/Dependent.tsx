import { Form, type FormInstance } from 'antd'
import type { ReactNode } from 'react'

export interface Control {
  value?: unknown
  onChange?: (v: unknown) => void
}

interface Props extends Control {
  form: FormInstance
  /** The field whose value the control depends on. */
  on: string
  render: (watched: unknown, control: Control) => ReactNode
}

/**
 * A form control that depends on another field (e.g. the classes of the chosen unit). Form.Item
 * injects value/onChange here; they are handed to the rendered control.
 */
export default function Dependent({ form, on, render, ...control }: Props) {
  const watched: unknown = Form.useWatch(on, form)
  return <>{render(watched, control)}</>
}
