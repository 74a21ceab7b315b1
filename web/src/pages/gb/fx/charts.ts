import type { EChartsCoreOption } from 'echarts/core'
import type { Cell } from './api'

/** A dimension's counts as bars (zeros kept: a band nobody is in is a figure too). */
export function barOption(cells: readonly Cell[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)}人` },
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: cells.map((c) => c.label), axisLabel: { interval: 0, rotate: cells.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', barMaxWidth: 36, label: { show: true, position: 'top' }, data: cells.map((c) => c.count) }],
  }
}

/** A dimension's shares as a ring (few items: gender, party membership, ethnicity). */
export function pieOption(cells: readonly Cell[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}人（{d}%）' },
    legend: { bottom: 0 },
    series: [{ type: 'pie', radius: ['40%', '68%'], top: -20, label: { formatter: '{b} {c}' }, data: cells.map((c) => ({ name: c.label, value: c.count })) }],
  }
}

/** The dimensions drawn as rings; the others as bars. */
const RINGS = new Set(['gender', 'ethnicity', 'party'])

export const chartOption = (key: string, cells: readonly Cell[]) => (RINGS.has(key) ? pieOption(cells) : barOption(cells))

/** Share of total as a percentage with one decimal ('-' when nobody). */
export const share = (n: number, total: number) => (total > 0 ? `${((n * 100) / total).toFixed(1)}%` : '-')
