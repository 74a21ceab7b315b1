import { Select } from 'antd'
import dayjs from 'dayjs'

/** 年度: next year, this year and the `past` years before it, newest first (a plan or a base set ahead). */
export default function YearSelect({ value, onChange, past }: { value: number; onChange: (year: number) => void; past: number }) {
  const next = dayjs().year() + 1
  const years = Array.from({ length: past + 2 }, (_, i) => next - i)
  return <Select aria-label="年度" value={value} onChange={onChange} options={years.map((y) => ({ value: y, label: `${y} 年` }))} style={{ width: 110 }} />
}
