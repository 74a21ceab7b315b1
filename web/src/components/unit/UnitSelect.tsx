import RemoteSelect from '@/components/RemoteSelect'
import { searchUnits } from './unit'

interface Props {
  value?: number | null
  onChange?: (value: number | null) => void
  /** The current unit's name (an edited record's), shown before the picker loads. */
  selectedLabel?: string
  placeholder?: string
  id?: string
  style?: React.CSSProperties
}

/** Unit picker over /api/common/getDwInfo: the caller's live units, searched by name or code. */
export default function UnitSelect({ placeholder = '请选择单位', ...props }: Props) {
  return <RemoteSelect {...props} search={searchUnits} placeholder={placeholder} emptyText="暂无单位" />
}
