import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, DatePicker, Empty, Form, Input, Select, Space, Table, Tabs, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { LEVEL_NAMES, LEVELS, LIMITS, ROUND_STATE_NAMES, type Level, type RoundView } from '@/api/generated/secreview'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { openPrintView } from '@/app/router/print'
import { useHasPermission } from '@/components/Permission'
import YearSelect from '@/components/YearSelect'
import { listRounds, openRound } from './api'
import MyReports from './MyReports'
import ReportDrawer from './ReportDrawer'
import RoundDetail from './RoundDetail'
import { serverPager } from '@/components/pagerTotal'

const LEVEL_OPTIONS = LEVELS.map((l) => ({ value: l, label: LEVEL_NAMES[l] }))

interface OpenForm {
  year: number
  level: Level
  orgId: number
  dueOn: Dayjs
  title?: string
}

/** 开展评议: the year, whose secretaries, the organisation that grades them and the due date. */
function OpenDialog({ onClose, onOpened }: { onClose: () => void; onOpened: (r: RoundView) => void }) {
  const year = dayjs().year()
  return (
    <FormDialog<OpenForm>
      title="开展书记述职评议"
      width={620}
      initialValues={{ year, level: 'branch', dueOn: dayjs(`${year}-12-25`) }}
      successText="评议已开展，已列出各党组织书记"
      onClose={onClose}
      onSubmit={async (v) => {
        const r = await openRound({ year: v.year, level: v.level, orgId: v.orgId, dueOn: v.dueOn.format('YYYY-MM-DD'), title: v.title?.trim() })
        onOpened(r)
      }}
    >
      <Form.Item name="year" label="年度" rules={[{ required: true, message: '请选择年度' }]}>
        <Select options={[year + 1, year, year - 1].map((y) => ({ value: y, label: `${y} 年度` }))} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="level" label="述职对象" rules={[{ required: true, message: '请选择述职对象' }]}
        extra="二级党委书记述职由学校党委（组织部）组织；党支部书记述职由二级党委组织，或由组织部组织全校党支部">
        <Select options={LEVEL_OPTIONS} />
      </Form.Item>
      <Form.Item name="orgId" label="组织评议的党组织" rules={[{ required: true, message: '请选择组织评议的党组织' }]}>
        <OrgTreeSelect selectable={(o) => ['1', '2', '3'].includes(o.type)} />
      </Form.Item>
      <Form.Item name="dueOn" label="截止日期" rules={[{ required: true, message: '请选择截止日期' }]} extra="截止日当天提交不算逾期">
        <DatePicker />
      </Form.Item>
      <Form.Item name="title" label="评议名称" extra="不填则按“党组织+年度+述职对象”命名">
        <Input maxLength={LIMITS.title} />
      </Form.Item>
    </FormDialog>
  )
}

/** The rounds the caller organises or has a report in, the latest year first. */
function RoundList({ onOpenRound }: { onOpenRound: (id: number) => void }) {
  const client = useQueryClient()
  const canOpen = useHasPermission([PERM.szpyRound])
  const [year, setYear] = useState<number | undefined>()
  const [level, setLevel] = useState<Level | undefined>()
  const [page, setPage] = useState(1)
  const [opening, setOpening] = useState(false)
  const q = useQuery({ queryKey: ['szpy', 'rounds', year, level, page], queryFn: () => listRounds({ page: page - 1, size: 20, year, level }), placeholderData: keepPreviousData })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        {year === undefined ? (
          <Button onClick={() => setYear(dayjs().year())}>按年度筛选</Button>
        ) : (
          <>
            <YearSelect value={year} onChange={(y) => { setYear(y); setPage(1) }} past={5} />
            <Button onClick={() => setYear(undefined)}>全部年度</Button>
          </>
        )}
        <Select aria-label="述职对象" allowClear placeholder="述职对象" style={{ width: 150 }} options={LEVEL_OPTIONS} value={level} onChange={(v) => { setLevel(v); setPage(1) }} />
        {canOpen && <Button type="primary" onClick={() => setOpening(true)}>开展评议</Button>}
      </Space>
      <Table<RoundView>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={year || level ? '没有符合条件的述职评议' : '暂无述职评议：组织部或二级党委开展评议后，在此查看各书记的述职和评定情况'} /> }}
        onRow={(r) => ({ onDoubleClick: () => onOpenRound(r.id) })}
        columns={[
          { title: '年度', dataIndex: 'year', width: 80 },
          { title: '评议名称', dataIndex: 'title', render: (t: string, r) => <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => onOpenRound(r.id)}>{t}</Button> },
          { title: '述职对象', dataIndex: 'levelName', width: 120 },
          { title: '截止日期', dataIndex: 'dueOn', width: 110 },
          { title: '状态', width: 90, render: (_, r) => <Tag color={r.state === 'open' ? 'processing' : 'default'}>{ROUND_STATE_NAMES[r.state]}</Tag> },
          { title: '应述职', width: 80, render: (_, r) => r.total - r.vacant },
          { title: '书记空缺', dataIndex: 'vacant', width: 90 },
          { title: '已提交', dataIndex: 'submitted', width: 80 },
          { title: '逾期', dataIndex: 'late', width: 70 },
          { title: '已评定', dataIndex: 'graded', width: 80 },
        ]}
      />
      {opening && (
        <OpenDialog onClose={() => setOpening(false)} onOpened={(r) => { void client.invalidateQueries({ queryKey: ['szpy'] }); onOpenRound(r.id) }} />
      )}
    </>
  )
}

const printReport = (id: number) => openPrintView('szpyReport', { id })

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * 书记述职评议 (docs/secreview.md): the rounds (year, level, due date, counts) and a round's secretaries with
 * their reports and grades; a secretary writes and submits their own under 我的述职; the organiser grades in a drawer.
 * The URL keeps the round (?round=) and the report (?report=); a report prints at /print/szpyReport?id=.
 */
export default function SecretaryReviewPage() {
  const [params, setParams] = useSearchParams()
  const canList = useHasPermission([PERM.szpyList])
  const canSubmit = useHasPermission([PERM.szpySubmit])
  const roundId = positive(params.get('round'))
  const reportId = positive(params.get('report'))
  const set = (next: Record<string, number | undefined>) => {
    const p = new URLSearchParams(params)
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined) p.delete(k)
      else p.set(k, String(v))
    }
    setParams(p)
  }
  const reviews = roundId ? (
    <RoundDetail id={roundId} onBack={() => set({ round: undefined, report: undefined })} onOpenReport={(id) => set({ report: id })} />
  ) : (
    <RoundList onOpenRound={(id) => set({ round: id })} />
  )
  const tab = params.get('tab') === 'mine' || !canList ? 'mine' : 'rounds'
  return (
    <div style={{ padding: 16 }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'mine' ? { tab: 'mine' } : {})}
        items={[
          ...(canList ? [{ key: 'rounds', label: '述职评议', children: reviews }] : []),
          ...(canSubmit ? [{ key: 'mine', label: '我的述职', children: <MyReports onPrint={printReport} /> }] : []),
        ]}
      />
      {reportId && <ReportDrawer id={reportId} onClose={() => set({ report: undefined })} onPrint={printReport} />}
    </div>
  )
}
