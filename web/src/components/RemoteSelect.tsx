import { Select, Spin } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'

/** One choice of a remote picker. */
export interface RemoteOption {
  value: number
  label: string
  /** Shown but not choosable (a person who may not be picked, the label saying why). */
  disabled?: boolean
}

interface Props {
  /** One value, or with `multiple` the chosen ones in order. */
  value?: number | number[] | null
  onChange?: (value: number | null) => void
  /** The server's matches for a text (empty = the first page). */
  search: (text: string) => Promise<RemoteOption[]>
  /** The label of the current value when it is not among the loaded matches (an edited record's own). */
  selectedLabel?: string
  /** Labels of current values that may not be among the loaded matches (several values, or an edited record's). */
  known?: readonly RemoteOption[]
  /** Chooses several values (onChange then receives number[]). */
  multiple?: boolean
  placeholder?: string
  emptyText?: string
  id?: string
  style?: React.CSSProperties
  disabled?: boolean
}

/**
 * A single-choice select over a paged picker endpoint (/api/common/…): loads the first page on
 * focus and searches the server as the user types, so large lists never load whole.
 */
export default function RemoteSelect({ value, onChange, search, selectedLabel, known = [], multiple, placeholder, emptyText = '暂无数据', id, style, disabled }: Props) {
  const [options, setOptions] = useState<RemoteOption[]>([])
  const [loading, setLoading] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const seq = useRef(0)

  const load = (text: string, delay = 300) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const mine = ++seq.current
      setLoading(true)
      search(text.trim())
        .then((list) => {
          if (mine !== seq.current) return
          setOptions(list)
          setLoaded(true)
        })
        .catch(() => undefined)
        .finally(() => mine === seq.current && setLoading(false))
    }, delay)
  }
  useEffect(() => () => clearTimeout(timer.current), [])

  // Keep the current values nameable while the matches do not include them.
  const shown = useMemo(() => {
    const labels = [...known, ...(selectedLabel && typeof value === 'number' ? [{ value, label: selectedLabel }] : [])]
    const current = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]
    const missing = labels.filter((l) => current.includes(l.value) && !options.some((o) => o.value === l.value))
    return missing.length > 0 ? [...missing, ...options] : options
  }, [options, value, selectedLabel, known])

  return (
    <Select<number | number[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      onChange={(v) => (onChange as ((v: unknown) => void) | undefined)?.(v ?? (multiple ? [] : null))}
      options={shown}
      showSearch={{ onSearch: (t) => load(t), filterOption: false }}
      onFocus={() => !loaded && load('', 0)}
      notFoundContent={loading ? <Spin size="small" /> : emptyText}
      placeholder={placeholder}
      allowClear
      disabled={disabled}
      style={{ width: '100%', minWidth: 200, ...style }}
      popupMatchSelectWidth={false}
    />
  )
}
