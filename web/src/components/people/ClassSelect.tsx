import { searchClasses } from './pickers'
import UnitScopedSelect, { type UnitScopedSelectProps } from './UnitScopedSelect'

/** Class picker over /api/common/getBjInfo, optionally within one unit. */
export default function ClassSelect({ placeholder = '请选择班级', ...props }: UnitScopedSelectProps) {
  return <UnitScopedSelect {...props} search={searchClasses} placeholder={placeholder} emptyText="暂无班级" />
}
