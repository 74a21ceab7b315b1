import { Alert, Tabs } from 'antd'
import { useSearchParams } from 'react-router'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import IntegrityPage from '../integrity'
import DutyReportPage from '../report'

/**
 * 述职与廉政 in the 党员 mode: the member's own 值班工作报告 (the tasks addressed to them, their
 * reports) and their 德廉档案. The permissions come from the hidden 我的述职与廉政 directory; the
 * pages are the staff pages, which show only what those permissions allow.
 */
export default function MyDutyPage() {
  const [params, setParams] = useSearchParams()
  const reports = useHasPermission([PERM.zbgzSubmit])
  const integrity = useHasPermission([PERM.dldaMine])
  const items = [
    integrity && { key: 'integrity', label: '德廉档案', children: <IntegrityPage /> },
    reports && { key: 'report', label: '值班工作报告', children: <DutyReportPage /> },
  ].filter((i) => !!i)
  if (items.length === 0) {
    return <div className="member-page"><Alert type="info" showIcon title="您的账号没有述职与廉政的权限，请联系管理员" /></div>
  }
  // A link to a report (a notice that it was returned) names the report; it opens on that part.
  const asked = params.get('part') ?? (params.get('report') ? 'report' : null)
  const active = items.some((i) => i.key === asked) ? asked! : items[0].key
  return (
    <div className="member-page">
      <Tabs activeKey={active} onChange={(k) => setParams({ part: k })} items={items} destroyOnHidden />
    </div>
  )
}
