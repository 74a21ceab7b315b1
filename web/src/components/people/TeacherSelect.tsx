import { useCallback } from 'react'
import RemoteSelect from '@/components/RemoteSelect'
import { searchTeachers } from './pickers'

interface Props {
  value?: number | null
  onChange?: (value: number | null) => void
  unitId?: number | null
  selectedLabel?: string
  placeholder?: string
  id?: string
}

/** Teacher picker over /api/common/jsjbxx (teachers in service), optionally within one unit. */
export default function TeacherSelect({ unitId, placeholder = '请选择教师', ...props }: Props) {
  const search = useCallback((text: string) => searchTeachers(text, unitId), [unitId])
  return <RemoteSelect key={unitId ?? 'all'} {...props} search={search} placeholder={placeholder} emptyText="暂无教师" />
}
