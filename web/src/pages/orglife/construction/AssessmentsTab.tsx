import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Empty, Space, Spin, Table, Tag } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import AssessmentSheet from './AssessmentSheet'
import { ASSESSMENT_STATES, listAssessments, startAssessment, type AssessmentView } from './api'

const BRANCH_TYPES = ['4', '5']
const PAGE_SIZE = 20

/** 开始自评: a branch of the caller's scope opens its assessment of the year. */
function Start({ year, onStarted }: { year: number; onStarted: (id: number) => void }) {
  const client = useQueryClient()
  const [orgId, setOrgId] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const start = async () => {
    if (!orgId) return
    setBusy(true)
    try {
      const d = await startAssessment(orgId, year)
      ui.message.success('已开始自评')
      void client.invalidateQueries({ queryKey: ['dzzjs', 'assessments'] })
      onStarted(d.id)
    } catch {
      /* shown by the request pipeline */
    } finally {
      setBusy(false)
    }
  }
  return (
    <Space wrap>
      <OrgTreeSelect
        value={orgId}
        onChange={(v) => setOrgId(typeof v === 'number' ? v : null)}
        selectable={(o) => BRANCH_TYPES.includes(o.type)}
        placeholder="选择党支部"
        style={{ width: 260 }}
      />
      <Button type="primary" icon={<PlusOutlined />} disabled={!orgId} loading={busy} onClick={() => void start()}>
        开始{year}年度自评
      </Button>
    </Space>
  )
}

/**
 * 自评 (mode self: the branches' assessments of the year, a branch starting its own) and 审核 (mode review: the
 * assessments waiting for review in the caller's scope). A row opens the assessment's sheet.
 */
export default function AssessmentsTab({ year, mode }: { year: number; mode: 'self' | 'review' }) {
  const canStart = useHasPermission([PERM.dzzjsAssess])
  const [open, setOpen] = useState<number | null>(null)
  const state = mode === 'review' ? ASSESSMENT_STATES.submitted : undefined
  const [page, setPage] = useState(0)
  const list = useQuery({
    queryKey: ['dzzjs', 'assessments', year, state, page],
    queryFn: () => listAssessments({ year, state, page, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  })
  if (open) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => setOpen(null)}>
          返回列表
        </Button>
        <AssessmentSheet id={open} mode={mode} />
      </Space>
    )
  }
  if (list.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (!list.data) return <Alert type="error" showIcon title="自评列表加载失败" action={<Button onClick={() => void list.refetch()}>重试</Button>} />
  const empty =
    mode === 'review'
      ? `${year}年度没有待审核的自评：所辖党支部提交自评后在此审核`
      : canStart
        ? `${year}年度还没有自评：选择党支部开始自评`
        : `${year}年度管理范围内的党支部还没有自评`
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {mode === 'self' && canStart && <Start year={year} onStarted={setOpen} />}
      <Table<AssessmentView>
        rowKey="id"
        size="middle"
        dataSource={list.data.content}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: list.data.totalElements, hideOnSinglePage: true, onChange: (p) => setPage(p - 1) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: '党支部', dataIndex: 'orgName' },
          {
            title: '状态',
            dataIndex: 'stateName',
            width: 140,
            render: (_, r) => (
              <>
                <Tag>{r.stateName}</Tag>
                {r.state === ASSESSMENT_STATES.draft && r.returnReason && <Tag color="warning">已退回</Tag>}
              </>
            ),
          },
          { title: '自评得分', dataIndex: 'selfTotal', width: 100, align: 'right' },
          { title: '审核得分', dataIndex: 'reviewTotal', width: 100, align: 'right', render: (v: number | null) => v ?? '—' },
          { title: '标记', dataIndex: 'markName', width: 120, render: (v: string) => (v ? <Tag color="gold">{v}</Tag> : '—') },
          {
            title: '操作',
            key: 'ops',
            width: 90,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                {mode === 'review' ? '审核' : '查看'}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  )
}
