import { Form, type FormInstance } from 'antd'
import { useState } from 'react'
import { ui } from '@/app/bridge'

export interface FormSubmitOptions<V> {
  /** A form the caller controls (e.g. to watch fields); else one of its own. */
  form?: FormInstance<V>
  /** Sends the values; a rejection keeps the form open (the request pipeline shows the error). */
  onSubmit: (values: V) => Promise<unknown>
  /** After a successful submit, before closing (reload the list). */
  onDone?: () => void
  onClose: () => void
  successText?: string
}

/**
 * The submit of the create/edit dialogs and drawers: validate (the fields show what is wrong),
 * send, report success, then close. A failed send keeps what the user typed.
 */
export function useFormSubmit<V>({ form: external, onSubmit, onDone, onClose, successText = '保存成功' }: FormSubmitOptions<V>) {
  const [own] = Form.useForm<V>()
  const form = external ?? own
  const [saving, setSaving] = useState(false)

  const submit = async () => {
    let values: V
    try {
      values = await form.validateFields()
    } catch {
      return // the fields show what is wrong
    }
    setSaving(true)
    try {
      await onSubmit(values)
      ui.message.success(successText)
      onDone?.()
      onClose()
    } catch {
      // shown by the request pipeline; keep what the user typed
    } finally {
      setSaving(false)
    }
  }

  return { form, saving, submit }
}
