import type { Definition, Group, Indicator } from '@/api/generated/cadreAssess'

/** Weights have at most four decimals: they are summed as whole ten-thousandths, never as floats. */
const SCALE = 10000
const DECIMAL = /^(?:0|[1-9]\d*)(?:\.(\d{1,4}))?$/

/** A weight's ten-thousandths ("0.35" → 3500), or null when it is no decimal of at most four places. */
export function units(text: string | number | undefined | null): number | null {
  const s = String(text ?? '').trim()
  const m = DECIMAL.exec(s)
  if (!m) return null
  const [whole, frac = ''] = s.split('.')
  return Number(whole) * SCALE + Number(frac.padEnd(4, '0'))
}

/** Ten-thousandths as the decimal text the server takes (3500 → "0.35", 10000 → "1"). */
export function decimalText(n: number): string {
  const whole = Math.trunc(n / SCALE)
  const frac = String(n % SCALE).padStart(4, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : String(whole)
}

/** The exact sum of weights; null when one of them is not a valid decimal (the sum cannot be told). */
export function weightSum(weights: readonly (string | number | undefined | null)[]): number | null {
  let sum = 0
  for (const w of weights) {
    const u = units(w)
    if (u === null) return null
    sum += u
  }
  return sum
}

/** Why a weight is refused, or null: a decimal in (0, 1] with at most four decimals. */
export function weightError(text: string | undefined): string | null {
  if (!String(text ?? '').trim()) return '请输入权重'
  const u = units(text)
  if (u === null) return '权重应为最多 4 位小数的小数，如 0.25'
  if (u <= 0 || u > SCALE) return '权重应大于 0 且不超过 1'
  return null
}

/** Why the weights of one level do not sum to exactly 1, or null. */
export function sumError(weights: readonly (string | undefined)[], what: string): string | null {
  const sum = weightSum(weights)
  if (sum === null) return null // the invalid weight says so at its own field
  return sum === SCALE ? null : `${what}权重合计应为 1，当前为 ${decimalText(sum)}`
}

/** A new key for an indicator, group or level: short, [a-z0-9], none of `taken`. */
export function newKey(taken: Iterable<string>): string {
  const used = new Set(taken)
  for (;;) {
    const k = Math.random().toString(36).slice(2, 8)
    if (/^[a-z]/.test(k) && !used.has(k)) return k
  }
}

/** Every key of a definition (the indicators at both levels, the groups and the levels share one space per kind). */
export const indicatorKeys = (list: readonly Indicator[] | undefined) => (list ?? []).flatMap((i) => [i.key, ...(i.children ?? []).map((c) => c.key)])
export const groupKeys = (list: readonly Group[] | undefined) => (list ?? []).map((g) => g.key)

/** Scores of the thresholds and levels: 0–100 with at most two decimals. */
const SCORE = /^(?:0|[1-9]\d{0,2})(?:\.\d{1,2})?$/
export function scoreError(text: string | undefined): string | null {
  const s = String(text ?? '').trim()
  if (!s) return '请输入分数线'
  if (!SCORE.test(s) || Number(s) > 100) return '分数线应为 0–100 的数，最多两位小数'
  return null
}

/** The thresholds must descend strictly (优秀 > 称职 > 基本称职). */
export function thresholdsError(list: readonly (string | undefined)[]): string | null {
  if (list.some((t) => scoreError(t))) return null
  for (let i = 1; i < list.length; i++) {
    if (Number(list[i]) >= Number(list[i - 1])) return '分数线应从优秀到基本称职依次降低'
  }
  return null
}

/** The levels' scores must descend strictly, best first. */
export function levelsError(levels: readonly { score?: number | null }[] | undefined): string | null {
  const list = levels ?? []
  if (list.length < 2) return '至少设置两个评价等次'
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1].score
    const b = list[i].score
    if (a == null || b == null) return null
    if (b >= a) return '等次分值应从高到低依次降低'
  }
  return null
}

/** The client's checks of a whole definition, as the server makes them (its messages, the first only per place). */
export function definitionErrors(d: Definition): string[] {
  const out: string[] = []
  const top = sumError(d.indicators.map((i) => i.weight), '一级指标')
  if (top) out.push(top)
  for (const i of d.indicators) {
    if (i.children?.length) {
      const e = sumError(i.children.map((c) => c.weight), `「${i.name}」的二级指标`)
      if (e) out.push(e)
    }
  }
  const g = sumError(d.groups.map((x) => x.weight), '评价主体')
  if (g) out.push(g)
  const l = levelsError(d.levels)
  if (l) out.push(l)
  const t = thresholdsError(d.thresholds)
  if (t) out.push(t)
  return out
}
