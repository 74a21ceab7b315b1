import { Form, type FormInstance } from 'antd'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { claimFieldErrors, FORM_ERROR } from '@/api/request'
import { ui } from '@/app/bridge'

export interface FormSubmitOptions<V> {
  /** A form the caller controls (e.g. to watch fields); else one of its own. */
  form?: FormInstance<V>
  /** Sends the values; a rejection keeps the form open (the error shows on its field or beside the buttons). */
  onSubmit: (values: V) => Promise<unknown>
  /** After a successful submit, before closing (reload the list). */
  onDone?: () => void
  onClose: () => void
  successText?: string
}

/** Whether the form has a field of this name (registered by a Form.Item, hidden ones included). */
export function hasField(form: FormInstance, name: string): boolean {
  return name !== FORM_ERROR && Object.prototype.hasOwnProperty.call(form.getFieldsValue() ?? {}, name)
}

/** Where the scroll puts a field: its middle, so its label and its message are both in view on a long form. */
const SCROLL = { block: 'center', behavior: 'smooth' } as const

/**
 * After a failed validateFields: scrolls to the first field that shows an error and focuses it, so a long form
 * never fails out of sight. `error` is validateFields' rejection ({errorFields: [{name, errors}]}).
 */
export function scrollToFirstError(form: FormInstance, error: unknown) {
  const first = (error as { errorFields?: { name: (string | number)[] }[] } | undefined)?.errorFields?.[0]
  if (first) form.scrollToField(first.name, { ...SCROLL, focus: true })
}

/** Validates the form; on failure scrolls to the first bad field and rethrows validateFields' rejection. */
export async function validateOrScroll<V>(form: FormInstance<V>, names?: Parameters<FormInstance<V>['validateFields']>[0]): Promise<V> {
  try {
    return await (names ? form.validateFields(names) : form.validateFields())
  } catch (error) {
    scrollToFirstError(form as FormInstance, error)
    throw error
  }
}

/**
 * Puts the server's validation errors on the fields of those names (in the first of `forms` having the field)
 * while `run` is pending, all at once, and scrolls to the first. What names no field of these forms goes to
 * `onFormError` when given (the form shows it beside its buttons), else to the request pipeline's toast.
 */
export async function withFieldErrors<R>(forms: FormInstance | FormInstance[], run: () => Promise<R>, onFormError?: (message: string) => void): Promise<R> {
  const list = [forms].flat()
  const release = claimFieldErrors((errors) => {
    let scrolled = false
    const left = errors.filter((e) => {
      const form = list.find((f) => hasField(f, e.field))
      if (!form) return true
      form.setFields([{ name: e.field, errors: [e.message] }])
      if (!scrolled) form.scrollToField(e.field, { ...SCROLL, focus: true })
      scrolled = true
      return false
    })
    if (left.length && onFormError) {
      onFormError(left.map((e) => e.message).join('；'))
      return []
    }
    return left
  })
  try {
    return await run()
  } finally {
    release()
  }
}

/**
 * A form's error about no field (or a field it lacks), shown beside its buttons: `error` for the Alert, `ref` for
 * the element holding it. Showing one scrolls it into view and focuses it (screen readers read it), so the user
 * sees why the submit failed where they pressed the button, not in a toast at the top of a long page.
 */
export function useFormError(): { error: string | null; ref: RefObject<HTMLDivElement | null>; show: (message: string | null) => void } {
  const [error, setError] = useState<string | null>(null)
  const ref = useRef<HTMLDivElement | null>(null)
  useEffect(() => {
    const el = ref.current
    if (!error || !el) return
    el.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
    el.focus?.({ preventScroll: true })
  }, [error])
  return { error, ref, show: setError }
}

/**
 * The submit of the create/edit dialogs and drawers: validate (the fields show what is wrong and the first is
 * scrolled to), send, report success, then close. A failed send keeps what the user typed: a server error naming a
 * field shows on that field (scrolled to), one naming none shows beside the buttons (formError).
 */
export function useFormSubmit<V>({ form: external, onSubmit, onDone, onClose, successText = '保存成功' }: FormSubmitOptions<V>) {
  const [own] = Form.useForm<V>()
  const form = external ?? own
  const [saving, setSaving] = useState(false)
  const formError = useFormError()

  const submit = async () => {
    formError.show(null)
    let values: V
    try {
      values = await validateOrScroll(form)
    } catch {
      return // the fields show what is wrong
    }
    setSaving(true)
    try {
      await withFieldErrors(form as FormInstance, () => onSubmit(values), formError.show)
      ui.message.success(successText)
      onDone?.()
      onClose()
    } catch {
      // shown on the field or beside the buttons; keep what the user typed
    } finally {
      setSaving(false)
    }
  }

  return { form, saving, submit, formError }
}
