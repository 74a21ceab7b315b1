import { DownloadOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { App, Button, Card, Empty, Space, Spin, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import { ReportFailed } from '@/components/report/ReportPage'
import { exportIssues, getSummary, type CheckKind, type CheckLevel } from './api'
import IssueList from './IssueList'
import OrgTable, { ORG_PAGE_SIZE } from './OrgTable'
import SummaryCards from './SummaryCards'

/**
 * 数据校验 (统计分析 › 数据校验): before the annual 党内统计 is filed, the members of the caller's scope (or of an
 * organisation's subtree) whose records the tables cannot count — a required field empty, joined before 18,
 * a date after today, a probation past its end — with a card per kind filtering the list, the completeness of
 * each organisation, and the list exported as xlsx.
 */
export default function DataCheckPage() {
  const { message } = App.useApp()
  const canExport = useHasPermission([PERM.sjjyExport])
  const [orgId, setOrgId] = useState<number | null>(null)
  const [kind, setKind] = useState<CheckKind | null>(null)
  const [level, setLevel] = useState<CheckLevel>('branch')
  const [orgPage, setOrgPage] = useState(1)
  const [tab, setTab] = useState('issues')
  const [exporting, setExporting] = useState(false)
  const summary = useQuery({
    queryKey: ['sjjy', 'summary', orgId, level, orgPage],
    queryFn: () => getSummary({ orgId, level, page: orgPage - 1, size: ORG_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  })
  const chooseOrg = (v: number | number[] | null) => {
    setOrgId(typeof v === 'number' ? v : null)
    setOrgPage(1)
  }
  const chooseKind = (k: CheckKind | null) => {
    setKind(k)
    setTab('issues')
  }
  const download = () => {
    setExporting(true)
    exportIssues({ orgId, kind })
      .catch(() => void message.error('导出失败，请稍后重试'))
      .finally(() => setExporting(false))
  }
  const s = summary.data
  const clean = s !== undefined && s.withIssues === 0
  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>党组织</Typography.Text>
        <OrgTreeSelect value={orgId} onChange={chooseOrg} placeholder="全部（管理范围内）" style={{ width: 280 }} />
        {canExport && (
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={clean} onClick={download}>
            导出问题清单
          </Button>
        )}
      </Space>
      {summary.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : summary.isError || !s ? (
        <ReportFailed what="数据校验" retry={() => void summary.refetch()} />
      ) : (
        <>
          <SummaryCards summary={s} kind={kind} onKind={chooseKind} />
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'issues',
                label: '问题清单',
                children: clean ? <Empty description="未发现需要处理的数据问题" /> : <IssueList filter={{ orgId, kind }} />,
              },
              {
                key: 'orgs',
                label: '各党组织完整率',
                children: (
                  <OrgTable
                    summary={s}
                    loading={summary.isFetching}
                    level={level}
                    onLevel={(l) => {
                      setLevel(l)
                      setOrgPage(1)
                    }}
                    page={orgPage}
                    onPage={setOrgPage}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  )
}
