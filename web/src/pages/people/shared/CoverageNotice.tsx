import { useQuery } from '@tanstack/react-query'
import { Alert } from 'antd'
import { myCoverage } from './service'

/** What a branch secretary without coverage is told above the people lists. */
export const UNCOVERED_TEXT = '本支部尚未设置覆盖范围，暂按本支部党员所在的班级、单位显示；请联系上级党委在「党组织」中设置覆盖的班级/单位'

/**
 * Above the people lists: a branch secretary sees only what their branch covers (set by the committee
 * above in 党组织 → 覆盖范围); while a branch has none, its members' classes and units show, and this says why and
 * who sets it. Nothing for everybody else.
 */
export default function CoverageNotice() {
  const { data } = useQuery({ queryKey: ['ry-coverage-mine'], queryFn: myCoverage, retry: false, staleTime: 60_000 })
  if (!data?.branch) return null
  if (data.uncovered.length > 0) {
    const which = data.uncovered.length > 1 ? `（${data.uncovered.join('、')}）` : ''
    return <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={UNCOVERED_TEXT + which} />
  }
  return <Alert type="info" showIcon style={{ marginBottom: 12 }} title="仅显示本支部覆盖范围内的人员（覆盖的班级/单位由上级党委在「党组织」中设置）" />
}
