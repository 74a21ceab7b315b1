import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Empty, Form, Input, Select, Space, Table, Tabs, Tag } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { STATE_NAMES, STATES, type ProgressRow, type State } from '@/api/generated/appraisal'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import YearSelect from '@/components/YearSelect'
import { openRounds, progress, progressExport } from './api'
import FollowList from './FollowList'
import RoundDetail from './RoundDetail'
import { serverPager } from '@/components/pagerTotal'

export const STATE_COLORS: Record<State, string> = {
  none: 'default', self: 'blue', voting: 'processing', counted: 'orange', void: 'red', decided: 'green',
}

export const StateTag = ({ state }: { state: State }) => <Tag color={STATE_COLORS[state]}>{STATE_NAMES[state]}</Tag>

/** 开展评议: a year and an organisation; every branch under it without a round of the year gets one. */
function OpenDialog({ year, onClose, onOpened }: { year: number; onClose: () => void; onOpened: () => void }) {
  return (
    <FormDialog<{ year: number; orgId: number }>
      title="开展民主评议党员"
      width={560}
      initialValues={{ year }}
      onClose={onClose}
      onSubmit={async (v) => {
        const r = await openRounds({ year: v.year, orgId: v.orgId })
        ui.message.success(`已为 ${r.opened} 个党支部开展评议${r.skipped ? `，${r.skipped} 个党支部已开展或没有党员，未重复开展` : ''}`)
        onOpened()
      }}
    >
      <Form.Item name="year" label="年度" rules={[{ required: true, message: '请选择年度' }]}>
        <Select style={{ width: 140 }} options={[year + 1, year, year - 1].map((y) => ({ value: y, label: `${y} 年度` }))} />
      </Form.Item>
      <Form.Item name="orgId" label="党组织" rules={[{ required: true, message: '请选择党组织' }]}
        extra="选择二级党委（或学校党委）时，为其下所有尚未开展本年度评议的党支部一并开展；也可只选一个党支部">
        <OrgTreeSelect />
      </Form.Item>
    </FormDialog>
  )
}

/** 评议进度: every branch of the scope in the year with its state and counts; exported as xlsx. */
function ProgressList({ onOpenRound }: { onOpenRound: (id: number) => void }) {
  const client = useQueryClient()
  const canOpen = useHasPermission([PERM.mzpyOpen])
  const canExport = useHasPermission([PERM.mzpyExport])
  const [year, setYear] = useState(dayjs().year())
  const [orgId, setOrgId] = useState<number | undefined>()
  const [state, setState] = useState<State | undefined>()
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(1)
  const [opening, setOpening] = useState(false)
  const query = { year, orgId, state, blurry: blurry || undefined }
  const q = useQuery({ queryKey: ['mzpy', 'progress', query, page], queryFn: () => progress({ ...query, page: page - 1, size: 20 }), placeholderData: keepPreviousData })
  const counts = q.data?.counts
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <YearSelect value={year} onChange={(y) => { setYear(y); setPage(1) }} past={5} />
        <OrgTreeSelect style={{ width: 240 }} placeholder="全部党组织" value={orgId} onChange={(v) => { setOrgId(v as number | undefined); setPage(1) }} />
        <Select aria-label="评议状态" allowClear placeholder="评议状态" style={{ width: 130 }} value={state}
          options={STATES.map((s) => ({ value: s, label: STATE_NAMES[s] }))} onChange={(v) => { setState(v); setPage(1) }} />
        <Input.Search aria-label="党支部名称" placeholder="党支部名称" allowClear style={{ width: 200 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        {canOpen && <Button type="primary" onClick={() => setOpening(true)}>开展评议</Button>}
        {canExport && (
          <Button onClick={() => void downloadFile(progressExport, query, `${year}年度民主评议党员进度.xlsx`).catch(() => ui.message.error('导出失败，请稍后重试'))}>导出</Button>
        )}
      </Space>
      {counts && (
        <Space style={{ marginBottom: 12 }} wrap aria-label="各状态党支部数">
          {STATES.map((s) => <span key={s}><StateTag state={s} />{counts[s]} 个</span>)}
        </Space>
      )}
      <Table<ProgressRow>
        rowKey="orgId"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={state || blurry || orgId ? '没有符合条件的党支部' : '您的管理范围内没有党支部'} /> }}
        columns={[
          { title: '党支部', dataIndex: 'orgName', render: (t: string, r) => (r.roundId ? <Button type="link" style={{ padding: 0 }} onClick={() => onOpenRound(r.roundId)}>{t}</Button> : t) },
          { title: '上级党组织', dataIndex: 'parentName', width: 180 },
          { title: '状态', width: 100, render: (_, r) => <StateTag state={r.state} /> },
          { title: '参评党员', dataIndex: 'members', width: 90 },
          { title: '已交总结', width: 90, render: (_, r) => (r.roundId ? r.submitted : '—') },
          { title: '投票', width: 100, render: (_, r) => (r.issued ? `${r.cast}/${r.issued}` : '—') },
          { title: '优秀', dataIndex: 'excellent', width: 70 },
          { title: '不合格', dataIndex: 'unqualified', width: 80 },
          { title: '操作', width: 80, render: (_, r) => r.roundId > 0 && <Button type="link" size="small" onClick={() => onOpenRound(r.roundId)}>查看</Button> },
        ]}
      />
      {opening && <OpenDialog year={year} onClose={() => setOpening(false)} onOpened={() => void client.invalidateQueries({ queryKey: ['mzpy'] })} />}
    </>
  )
}

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * 民主评议党员 (docs/appraisal.md): the progress of the branches (开展评议 for a subtree, export), a branch's round
 * (?round=: members and summaries, the vote, the counts and the decision) and the follow-up of members graded 不合格.
 */
export default function AppraisalPage() {
  const [params, setParams] = useSearchParams()
  const roundId = positive(params.get('round'))
  const tab = params.get('tab') === 'follow' ? 'follow' : 'progress'
  const progressTab = roundId ? (
    <RoundDetail id={roundId} onBack={() => setParams({})} />
  ) : (
    <ProgressList onOpenRound={(id) => setParams({ round: String(id) })} />
  )
  return (
    <div style={{ padding: 16 }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'follow' ? { tab: 'follow' } : {})}
        items={[
          { key: 'progress', label: '评议进度', children: progressTab },
          { key: 'follow', label: '不合格党员处置', children: <FollowList /> },
        ]}
      />
    </div>
  )
}
