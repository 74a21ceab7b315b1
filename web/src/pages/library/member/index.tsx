import { Alert, Tabs } from 'antd'
import { useSearchParams } from 'react-router'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import HelpDocument from '@/pages/help/document'
import RulePage from '../gzzd'
import DocPage from '../wjxz'

const PARTS = ['rules', 'docs', 'help'] as const
type Part = (typeof PARTS)[number]

/**
 * 制度文件 in the 党员 mode: the member reads the rules, downloads the documents visible to them and
 * opens the manual for their roles. The staff pages of 党务资料 are the same components; the member
 * holds only the list permissions (the hidden 我的制度文件 directory), so nothing here edits.
 */
export default function MemberLibraryPage() {
  const [params, setParams] = useSearchParams()
  const rules = useHasPermission([PERM.gzzdList])
  const docs = useHasPermission([PERM.wjxzList])
  const help = useHasPermission([PERM.bzwdList])
  const items = [
    rules && { key: 'rules', label: '规章制度', children: <RulePage /> },
    docs && { key: 'docs', label: '文件下载', children: <DocPage /> },
    help && { key: 'help', label: '帮助文档', children: <HelpDocument /> },
  ].filter((i) => !!i)
  if (items.length === 0) {
    return <div className="member-page"><Alert type="info" showIcon title="您的账号没有查阅制度文件的权限，请联系管理员" /></div>
  }
  const asked = params.get('part') as Part | null
  const active = items.some((i) => i.key === asked) ? (asked as Part) : items[0].key
  return (
    <div className="member-page">
      <Tabs activeKey={active} onChange={(k) => setParams({ part: k })} items={items} destroyOnHidden />
    </div>
  )
}
