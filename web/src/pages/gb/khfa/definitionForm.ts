import type { FormInstance } from 'antd'
import type { Definition, Indicator } from '@/api/generated/cadreAssess'
import { claimFieldErrors, type FieldError } from '@/api/request'
import { decimalText, units } from './weights'

/** The form's values of a scheme: its fields, the definition, and the 优秀 share as a percent. */
export interface SchemeValues {
  name: string
  year: number
  cadreGroup: string
  remark?: string
  definition: Definition
  sharePercent: number | null
}

/** "0.2" → 20 (the form shows the share as a percent). */
export const sharePercent = (share: string | number | undefined) => {
  const u = units(share)
  return u === null ? null : u / 100
}

/** 20 → "0.2", exactly (the percent has at most two decimals, the share at most four). */
export const shareText = (percent: number | null | undefined) => decimalText(Math.round((percent ?? 0) * 100))

const trim = (s: string | undefined) => (s ?? '').trim()

function indicatorOut(i: Indicator): Indicator {
  const children = (i.children ?? []).map(indicatorOut)
  const base = { key: i.key, name: trim(i.name), weight: trim(String(i.weight ?? '')), note: trim(i.note) }
  return children.length ? { ...base, children } : { ...base, judge: i.judge }
}

/** The form's definition as the server takes it: trimmed text, a judge on the leaves only, the share as a decimal. */
export function definitionOut(v: SchemeValues): Definition {
  const d = v.definition
  return {
    indicators: d.indicators.map(indicatorOut),
    groups: d.groups.map((g) => ({ key: g.key, name: trim(g.name), weight: trim(String(g.weight ?? '')) })),
    levels: d.levels.map((l) => ({ key: l.key, label: trim(l.label), score: Number(l.score) })),
    thresholds: d.thresholds.map((t) => trim(String(t ?? ''))),
    excellentShare: shareText(v.sharePercent),
    invalid: { uniform: !!d.invalid?.uniform, incomplete: !!d.invalid?.incomplete },
  }
}

const str = (w: string | number) => String(w)
const indicatorIn = (i: Indicator): Indicator => ({
  ...i,
  weight: str(i.weight),
  note: i.note ?? '',
  judge: i.children?.length ? '' : i.judge,
  children: (i.children ?? []).map(indicatorIn),
})

/** A definition as the form edits it (weights as text: they travel as JSON strings or numbers). */
export const definitionIn = (d: Definition): Definition => ({
  ...d,
  indicators: d.indicators.map(indicatorIn),
  groups: d.groups.map((g) => ({ ...g, weight: str(g.weight) })),
  thresholds: d.thresholds.map(str),
})

const ROOTS = new Set(['indicators', 'groups', 'levels', 'thresholds', 'invalid'])

/** The server's `indicators[1].children[0].weight` (or `definition.…`) as the form's name path; null when none of the definition's. */
export function definitionPath(field: string): (string | number)[] | null {
  const f = field.replace(/^definition\./, '')
  if (f === 'excellentShare') return ['sharePercent']
  const tokens = [...f.matchAll(/([A-Za-z]\w*)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]))
  return tokens.length && ROOTS.has(String(tokens[0])) ? ['definition', ...tokens] : null
}

/**
 * While `run` is pending, shows the server's errors about the definition on their fields (the house's field errors
 * name top-level fields only); the others go on to the form's own handling.
 */
export async function withDefinitionErrors<R>(form: FormInstance, run: () => Promise<R>): Promise<R> {
  const release = claimFieldErrors((errors: FieldError[]) =>
    errors.filter((e) => {
      let path = definitionPath(e.field)
      // A path deeper than the form's values (a part it has no value for) is shown at the nearest one it has.
      while (path && path.length > 1 && form.getFieldValue(path) === undefined) path = path.slice(0, -1)
      if (!path || path.length < 2) return true
      form.setFields([{ name: path, errors: [e.message] }])
      form.scrollToField(path, { block: 'center', behavior: 'smooth' })
      return false
    }),
  )
  try {
    return await run()
  } finally {
    release()
  }
}
