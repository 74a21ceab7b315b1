import { useCallback } from 'react'
import RemoteSelect from '@/components/RemoteSelect'
import { searchClasses } from './pickers'

interface Props {
  value?: number | null
  onChange?: (value: number | null) => void
  /** Only the classes of this unit. */
  unitId?: number | null
  selectedLabel?: string
  placeholder?: string
  id?: string
  style?: React.CSSProperties
}

/** Class picker over /api/common/getBjInfo, optionally within one unit. */
export default function ClassSelect({ unitId, placeholder = '请选择班级', ...props }: Props) {
  const search = useCallback((text: string) => searchClasses(text, unitId), [unitId])
  // A new unit means new classes: remount so the matches reload.
  return <RemoteSelect key={unitId ?? 'all'} {...props} search={search} placeholder={placeholder} emptyText="暂无班级" />
}
