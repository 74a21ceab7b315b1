import { Tabs } from 'antd'
import { useSearchParams } from 'react-router'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import Exams from './Exams'
import Grading from './Grading'
import Papers from './Papers'

/**
 * 在线考试 (党校): papers composed from the question bank, exams with their window, examinees and graders,
 * results and statistics, and the grading of short answers. The tab is kept in the URL (?tab=).
 */
export default function ExamPage() {
  const [params, setParams] = useSearchParams()
  const grade = useHasPermission([PERM.ksGrade])
  const tab = params.get('tab') ?? 'papers'
  return (
    <div style={{ padding: 16 }}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={[
          { key: 'papers', label: '试卷', children: <Papers /> },
          { key: 'exams', label: '考试', children: <Exams /> },
          ...(grade ? [{ key: 'grading', label: '阅卷', children: <Grading /> }] : []),
        ]}
      />
    </div>
  )
}
