import type { EChartsCoreOption } from 'echarts/core'
import type { DictCount } from '@/api/home'

/** Share of a whole (members by category): a ring with the labels and counts around it; zeros left out. */
export function pieOption(counts: readonly DictCount[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}人（{d}%）' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        label: { formatter: '{b} {c}' },
        data: counts.filter((c) => c.count > 0).map((c) => ({ name: c.label, value: c.count })),
      },
    ],
  }
}

/** Counts to compare (members by status, organisations by type): one bar per dictionary value. */
export function barOption(counts: readonly DictCount[], unit: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)}${unit}` },
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: counts.map((c) => c.label), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', barMaxWidth: 36, label: { show: true, position: 'top' }, data: counts.map((c) => c.count) }],
  }
}

/** Whether a list of counts has anything to draw. */
export const hasData = (counts: readonly DictCount[]) => counts.some((c) => c.count > 0)
