import { Tag } from 'antd'
import { formatTime } from '@/utils/time'

/** Table cell for RFC 3339 times: YYYY-MM-DD HH:mm:ss, empty when missing. */
export const timeCell = (v: string | null | undefined) => formatTime(v)

export const enabledTag = (v: boolean) => (v ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>)

export const yesNo = (v: boolean) => (v ? '是' : '否')

export const ENABLED_OPTIONS = [
  { label: '启用', value: true },
  { label: '停用', value: false },
]

/** Bytes in a readable unit. */
export function fileSize(n: number): string {
  if (!Number.isFinite(n) || n < 0) return ''
  if (n < 1024) return `${n} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let v = n / 1024
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`
}
