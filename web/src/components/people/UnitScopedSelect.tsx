import { useCallback, type CSSProperties } from 'react'
import RemoteSelect, { type RemoteOption } from '@/components/RemoteSelect'

export interface UnitScopedSelectProps {
  value?: number | null
  onChange?: (value: number | null) => void
  /** Only the choices within this unit. */
  unitId?: number | null
  selectedLabel?: string
  placeholder?: string
  id?: string
  style?: CSSProperties
}

interface Props extends UnitScopedSelectProps {
  search: (text: string, unitId?: number | null) => Promise<RemoteOption[]>
  emptyText: string
}

/** A remote picker whose matches may be limited to one unit (classes, teachers). */
export default function UnitScopedSelect({ unitId, search, ...props }: Props) {
  const inUnit = useCallback((text: string) => search(text, unitId), [search, unitId])
  // A new unit means new matches: remount so they reload.
  return <RemoteSelect key={unitId ?? 'all'} {...props} search={inUnit} />
}
