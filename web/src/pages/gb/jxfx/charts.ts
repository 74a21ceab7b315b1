import type { EChartsCoreOption } from 'echarts/core'
import type { CadreRound, Comparison, Count, Distribution, IndicatorScore } from '@/api/generated/cadreAssess'
import { barOption, pieOption } from '../fx/charts'

/** The server's counts as the cadre-structure charts' cells (labels are unique within one list). */
const cells = (counts: readonly Count[]) => counts.map((c) => ({ key: c.label, label: c.label, count: c.count }))

/** The grades of a distribution as a ring; the cadres without a grade (no valid ballot) as one more slice when any. */
export const gradePie = (d: Distribution): EChartsCoreOption =>
  pieOption(cells(d.ungraded > 0 ? [...d.grades, { label: '未定等次', count: d.ungraded }] : d.grades))

/** The score bands of a distribution as bars. */
export const bandBars = (d: Distribution): EChartsCoreOption => barOption(cells(d.bands))

/** A decimal text as a chart's number (null stays a gap). */
const num = (s: string | null) => (s === null ? null : Number(s))

/** A unit's team against the whole round, per top-level indicator: two bars each. */
export function teamBars(c: Comparison, unitName: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 24, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: c.indicators.map((i) => i.name) },
    yAxis: { type: 'value', min: 0, max: 100 },
    series: [
      { name: unitName, type: 'bar', barMaxWidth: 32, label: { show: true, position: 'top' }, data: c.indicators.map((i) => num(i.score)) },
      { name: '全校', type: 'bar', barMaxWidth: 32, label: { show: true, position: 'top' }, data: c.indicators.map((i) => num(i.average)) },
    ],
  }
}

/** A round of the trend as the axis names it: the year, and the round when a year has several. */
export function roundLabels(rounds: readonly CadreRound[]): string[] {
  const perYear = new Map<number, number>()
  for (const r of rounds) perYear.set(r.year, (perYear.get(r.year) ?? 0) + 1)
  return rounds.map((r) => (perYear.get(r.year)! > 1 ? `${r.year} ${r.roundName}` : `${r.year}年`))
}

/** A cadre's scores over the years as a line, each point labelled with its grade. */
export function trendLine(rounds: readonly CadreRound[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: roundLabels(rounds) },
    yAxis: { type: 'value', min: 0, max: 100 },
    series: [
      {
        name: '综合得分',
        type: 'line',
        connectNulls: false,
        label: { show: true, position: 'top' },
        // Each point's own label: its score and grade.
        data: rounds.map((r) => ({ value: num(r.score), label: { formatter: `${r.score ?? '-'}（${r.grade || '未定等次'}）` } })),
      },
    ],
  }
}

/** An indicator of a comparison as its strengths and weaknesses list it. */
export interface Standing {
  key: string
  name: string
  score: string
  average: string
  /** Signed, two decimals: "+8.33", "-13.33". */
  diff: string
}

const standing = (i: IndicatorScore): Standing => ({
  key: i.key,
  name: i.name,
  score: i.score ?? '',
  average: i.average ?? '',
  diff: Number(i.diff) > 0 ? `+${Number(i.diff).toFixed(2)}` : Number(i.diff).toFixed(2),
})

/** The strengths and weaknesses in the server's order (the widest difference first), with their figures. */
export function standings(c: Comparison): { strengths: Standing[]; weaknesses: Standing[] } {
  const byKey = new Map(c.indicators.map((i) => [i.key, i]))
  const pick = (keys: readonly string[]) => keys.flatMap((k) => (byKey.has(k) ? [standing(byKey.get(k)!)] : []))
  return { strengths: pick(c.strengths), weaknesses: pick(c.weaknesses) }
}
