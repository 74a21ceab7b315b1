import type { Rule } from 'antd/es/form'
import dayjs, { type Dayjs } from 'dayjs'
import type { Field } from '@/api/generated/fillform'

/**
 * The answers of a form as the fill page edits them, and the checks the server makes of a submission
 * (internal/fillform/fields.go), worded as it words them, so that the page says what is wrong before sending.
 */

/** A form value of one field: text, a number as text (exact decimals), a day, one option, options. */
export type FormValue = string | string[] | Dayjs | null | undefined

/** How many characters a text holds (as the server counts them: code points). */
const chars = (s: string) => Array.from(s).length

/** The digits after the point of a decimal text (0 for an integer), trailing zeros ignored. */
function decimalsOf(text: string): number {
  const [, frac = ''] = text.split('.')
  return frac.replace(/0+$/, '').length
}

/** The validation rules of one field of a submission. */
export function rulesOf(f: Field): Rule[] {
  const label = `“${f.label}”`
  const rules: Rule[] = []
  const choose = f.kind === 'single' || f.kind === 'multiple' || f.kind === 'date'
  if (f.required && f.kind !== 'file') {
    // The rule's type is the value's (a list of options, a day as dayjs, else text): without one the check
    // takes every value for text and refuses a chosen day or options with the "missing" message.
    const type = f.kind === 'multiple' ? 'array' : f.kind === 'date' ? 'object' : 'string'
    rules.push({ required: true, type, whitespace: f.kind === 'text' || f.kind === 'textarea', message: `${choose ? '请选择' : '请填写'}${label}` })
  }
  switch (f.kind) {
    case 'text':
    case 'textarea': {
      const max = f.maxLength ?? 0
      rules.push({
        validator: (_, v: unknown) => {
          const n = typeof v === 'string' ? chars(v.trim()) : 0
          return max > 0 && n > max ? Promise.reject(new Error(`${label}不超过${max}个字（现${n}字）`)) : Promise.resolve()
        },
      })
      break
    }
    case 'number':
      rules.push({
        validator: (_, v: unknown) => {
          const text = v === null || v === undefined ? '' : String(v).trim()
          if (text === '') return Promise.resolve()
          if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return Promise.reject(new Error(`${label}应为数字`))
          const decimals = f.decimals ?? 0
          if (decimalsOf(text) > decimals) return Promise.reject(new Error(decimals === 0 ? `${label}应为整数` : `${label}最多保留${decimals}位小数`))
          const n = Number(text)
          if (f.min !== null && f.min !== undefined && n < f.min) return Promise.reject(new Error(`${label}不能小于${String(f.min)}`))
          if (f.max !== null && f.max !== undefined && n > f.max) return Promise.reject(new Error(`${label}不能大于${String(f.max)}`))
          return Promise.resolve()
        },
      })
      break
  }
  return rules
}

/** The stored answers as the form's initial values. */
export function toFormValues(fields: readonly Field[], answers: Record<string, string | string[]>): Record<string, FormValue> {
  const out: Record<string, FormValue> = {}
  for (const f of fields) {
    const v = answers[f.key]
    if (v === undefined || f.kind === 'file') continue
    out[f.key] = f.kind === 'date' && typeof v === 'string' ? dayjs(v) : v
  }
  return out
}

/** The form's values as the body's answers (a day as YYYY-MM-DD, nothing for attachments). */
export function toAnswers(fields: readonly Field[], values: Record<string, FormValue>): Record<string, string | string[] | null> {
  const out: Record<string, string | string[] | null> = {}
  for (const f of fields) {
    const v = values[f.key]
    if (f.kind === 'file' || v === undefined) continue
    if (dayjs.isDayjs(v)) out[f.key] = v.format('YYYY-MM-DD')
    else out[f.key] = v === null ? null : v
  }
  return out
}

/** An answer as one line (a list joined by 、). */
export const answerText = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join('、') : (v ?? ''))
