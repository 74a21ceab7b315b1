import type { EChartsCoreOption, EChartsType } from 'echarts/core'
import { useEffect, useRef } from 'react'

/** echarts itself, fetched on the first chart drawn (its own chunk). */
const loadEcharts = () => import('./echarts')

interface Props {
  option: EChartsCoreOption
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string
  height?: number
}

/** One echarts chart that follows its container's width; the option may change between renders. */
export default function EChart({ option, label, height = 260 }: Props) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | null>(null)
  const latest = useRef(option)
  latest.current = option

  useEffect(() => {
    let gone = false
    let observer: ResizeObserver | undefined
    void loadEcharts().then(({ init }) => {
      if (gone || !box.current) return
      chart.current = init(box.current)
      chart.current.setOption(latest.current)
      observer = new ResizeObserver(() => chart.current?.resize())
      observer.observe(box.current)
    })
    return () => {
      gone = true
      observer?.disconnect()
      chart.current?.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(option, true)
  }, [option])

  return <div ref={box} role="img" aria-label={label} className="echart" style={{ width: '100%', height }} />
}
