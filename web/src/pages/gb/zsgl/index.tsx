import { Tabs } from 'antd'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { EVENT_BASE_REFRESH, type PositionView } from '@/api/generated/cadreQuota'
import { ResourcePage } from '@/components/crud'
import DocumentsTab from './DocumentsTab'
import HoldersCell from './Holders'
import { positionResource, quotaResource } from './resources'
import UnitsTab from './UnitsTab'

/** 岗位与职数: the units' sums, the approved numbers per level and the posts, read again when the cadre base changes. */
function QuotasTab() {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const reload = () => setVersion((v) => v + 1)
    window.addEventListener(EVENT_BASE_REFRESH, reload)
    return () => window.removeEventListener(EVENT_BASE_REFRESH, reload)
  }, [])
  return (
    <Tabs
      key={version}
      size="small"
      items={[
        { key: 'units', label: '单位职数', children: <UnitsTab /> },
        { key: 'quotas', label: '核定职数', children: <ResourcePage resource={quotaResource} /> },
        { key: 'positions', label: '岗位', children: <ResourcePage
              resource={positionResource}
              mapColumns={(cols) => cols.map((c) => (c.key === 'holders' ? { ...c, render: (_: unknown, p: PositionView) => <HoldersCell position={p} /> } : c))}
            /> },
      ]}
    />
  )
}

/**
 * 职数管理: posts and approved numbers per unit with their occupancy, and the appointment and removal documents;
 * `?tab=documents` opens on the documents (选拔任用's 查看任免文件).
 */
export default function QuotaPage() {
  const [params] = useSearchParams()
  return (
    <Tabs
      defaultActiveKey={params.get('tab') === 'documents' ? 'documents' : 'quotas'}
      items={[
        { key: 'quotas', label: '岗位与职数', children: <QuotasTab /> },
        { key: 'documents', label: '任免文件', children: <DocumentsTab /> },
      ]}
    />
  )
}
