import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useEffect } from 'react'
import { startedBatches } from './api'

/**
 * The months whose batch has started (缴费中 or 已结算), newest first; picks the newest when none is chosen.
 */
export default function MonthSelect({ value, onChange }: { value?: string; onChange: (month: string) => void }) {
  const q = useQuery({ queryKey: ['dfgl', 'started-batches'], queryFn: startedBatches })
  const months = (q.data?.content ?? []).map((b) => ({ value: b.month, label: `${b.month}（${b.stateLabel}）` }))
  const first = months[0]?.value
  useEffect(() => {
    if (!value && first) onChange(first)
  }, [value, first, onChange])
  return (
    <Select
      aria-label="月份"
      style={{ width: 180 }}
      loading={q.isLoading}
      value={value}
      onChange={onChange}
      options={months}
      placeholder="尚无启动缴费的月份"
      notFoundContent="尚无启动缴费的月份"
    />
  )
}
