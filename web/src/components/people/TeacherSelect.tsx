import { searchTeachers } from './pickers'
import UnitScopedSelect, { type UnitScopedSelectProps } from './UnitScopedSelect'

/** Teacher picker over /api/common/jsjbxx (teachers in service), optionally within one unit. */
export default function TeacherSelect({ placeholder = '请选择教师', ...props }: UnitScopedSelectProps) {
  return <UnitScopedSelect {...props} search={searchTeachers} placeholder={placeholder} emptyText="暂无教师" />
}
