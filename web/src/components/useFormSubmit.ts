import { Form, type FormInstance } from 'antd'
import { useState } from 'react'
import { claimFieldErrors } from '@/api/request'
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

/** Whether the form has a field of this name (registered by a Form.Item, hidden ones included). */
export function hasField(form: FormInstance, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(form.getFieldsValue() ?? {}, name)
}

/**
 * Puts the server's validation errors on the form's fields of those names while `run` is pending, all
 * at once, and scrolls to the first; errors naming a field the form lacks (or none) stay with the
 * request pipeline's toast.
 */
export async function withFieldErrors<R>(form: FormInstance, run: () => Promise<R>): Promise<R> {
  const release = claimFieldErrors((errors) => {
    const shown = errors.filter((e) => hasField(form, e.field))
    if (shown.length) {
      form.setFields(shown.map((e) => ({ name: e.field, errors: [e.message] })))
      form.scrollToField(shown[0].field)
    }
    return errors.filter((e) => !shown.includes(e))
  })
  try {
    return await run()
  } finally {
    release()
  }
}

/**
 * The submit of the create/edit dialogs and drawers: validate (the fields show what is wrong),
 * send, report success, then close. A failed send keeps what the user typed, and a server error
 * naming a field shows on that field.
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
      await withFieldErrors(form as FormInstance, () => onSubmit(values))
      ui.message.success(successText)
      onDone?.()
      onClose()
    } catch {
      // shown by the request pipeline or on the field; keep what the user typed
    } finally {
      setSaving(false)
    }
  }

  return { form, saving, submit }
}
