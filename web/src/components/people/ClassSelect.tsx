import { Form } from 'antd'
import { useCallback, useEffect, useRef } from 'react'
import RemoteSelect from '@/components/RemoteSelect'
import { searchClasses, type Grades } from './pickers'
import type { UnitScopedSelectProps } from './UnitScopedSelect'

export interface ClassSelectProps extends UnitScopedSelectProps {
  /** Only the classes of these grades. */
  grade?: Grades
}

/** Class picker over /api/common/getBjInfo, optionally within one unit and grade(s). */
export default function ClassSelect({ unitId, grade, placeholder = '请选择班级', ...props }: ClassSelectProps) {
  const gradeKey = JSON.stringify(grade ?? null)
  // The key stands for the grades (a search form hands a new array on every render).
  const search = useCallback((text: string) => searchClasses(text, unitId, JSON.parse(gradeKey) as Grades), [unitId, gradeKey])
  // New narrowing means new matches: remount so they reload.
  return <RemoteSelect key={`${unitId ?? 'all'}|${gradeKey}`} {...props} search={search} placeholder={placeholder} emptyText="暂无班级" />
}

interface InFormProps extends Omit<ClassSelectProps, 'unitId' | 'grade'> {
  /** The form fields the classes follow (default unitDeptId and grade). */
  unitField?: string
  gradeField?: string
}

/**
 * The class of a form or search form that also picks a unit and a grade: it lists only the classes
 * of the chosen unit and grade, and drops a chosen class when either changes (it belongs to one unit
 * and grade).
 */
export function ClassInFormSelect({ unitField = 'unitDeptId', gradeField = 'grade', value, onChange, ...props }: InFormProps) {
  // useWatch re-renders on a change; the store is read directly, since it holds the form's
  // initial values from the first render on (useWatch answers undefined until its first effect).
  const form = Form.useFormInstance()
  Form.useWatch(unitField)
  Form.useWatch(gradeField)
  const unitId = form.getFieldValue(unitField) as number | null | undefined
  const grade = form.getFieldValue(gradeField) as Grades
  const narrowing = `${unitId ?? ''}|${JSON.stringify(grade ?? null)}`
  const seen = useRef(narrowing)
  useEffect(() => {
    if (seen.current === narrowing) return
    seen.current = narrowing
    if (value !== undefined && value !== null) onChange?.(null)
  }, [narrowing, value, onChange])
  const placeholder = unitId ? '请选择班级' : '请选择班级（可先选择单位和年级）'
  return <ClassSelect placeholder={placeholder} {...props} value={value} onChange={onChange} unitId={unitId} grade={grade} />
}
