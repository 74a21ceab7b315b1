import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Empty, Form, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { STATE_NAMES, STATES, STEPS, UNDER_WAY, type Detail, type ElectionRecord, type State } from '@/api/generated/election'
import { get, type Page } from '@/api/request'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import { FlowRecordDrawer, type FlowRecord } from '@/components/flow'
import { useHasPermission } from '@/components/Permission'
import { validateOrScroll } from '@/components/useFormSubmit'
import { closeElectionVote, ELECTIONS, electionDetail, electionRoll, listElections, openElectionVote } from './api'
import PlanDialog from './PlanDialog'
import { OpenVoteDialog, VoteList } from './Votes'
import { serverPager } from '@/components/pagerTotal'

const STATE_COLORS: Record<State, string> = {
  review: 'processing', returned: 'warning', approved: 'cyan', confirming: 'processing', done: 'success', rejected: 'default',
}

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** An election's page in a drawer: the plan, the candidates, the votes and their counts, the approval flow. */
function ElectionDrawer({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const client = useQueryClient()
  const [voting, setVoting] = useState(false)
  const record: FlowRecord<Detail> = {
    queryKey: ['hjxj', 'one'],
    fetch: electionDetail,
    base: ELECTIONS,
    onChanged,
    title: (d) => d.title,
    facts: (d) => [
      ['党组织', d.orgName],
      ['上级党委', d.parentName],
      ['状态', <Tag key="s" color={STATE_COLORS[d.state]}>{d.stateName}</Tag>],
      ['选举方式', d.methodName],
      ['应选委员', `${d.seats} 名${d.secretary ? '（党员大会直接选举书记）' : ''}`],
      ['选举大会', d.meetingOn],
      d.termStart && ['新一届任期', `${d.termStart} 至 ${d.termEnd}`],
      d.secretaryName && ['书记', d.secretaryName],
      d.deputyName && ['副书记', d.deputyName],
      d.note && ['说明', d.note, 'filled'],
    ],
    actions: ({ record: d }) => (
      <>
        {d.canVote && !d.votes.some((v) => v.state === 'open') && (d.votes.length === 0 || d.nextVote) && (
          <Button type="primary" onClick={() => setVoting(true)}>{d.votes.length ? '再次投票' : '开始投票'}</Button>
        )}
        {d.votes.some((v) => v.result) && <Button onClick={() => openPrintView('hjxjResult', { id: d.id })}>打印计票结果</Button>}
      </>
    ),
    notes: ({ record: d, reload }) => (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text strong>候选人（{d.candidates.length} 名）</Typography.Text>
        <Typography.Paragraph style={{ margin: 0 }}>
          {d.candidates.map((c) => `${c.name}${c.forSecretary ? '（书记候选人）' : ''}`).join('、') || '无'}
        </Typography.Paragraph>
        {d.nextVote && <Alert type="warning" showIcon title={d.nextVote} />}
        {d.elected.length > 0 && (
          <Typography.Paragraph style={{ margin: 0 }}>
            当选委员：{d.elected.map((c) => `${c.name}（${c.votes}票）`).join('、')}
            {d.seatsLeft > 0 && `；尚缺 ${d.seatsLeft} 名`}
            {d.directSecretary && `；当选书记：${d.directSecretary}`}
          </Typography.Paragraph>
        )}
        <VoteList votes={d.votes} canVote={d.canVote} onClose={async (voteId) => { await closeElectionVote(voteId); reload() }} />
      </Space>
    ),
    action: ({ record: d, flow }) => {
      const report = flow.step === STEPS.report
      const names = d.elected.map((c) => ({ value: c.name, label: c.name }))
      return {
        fields: report && (
          <>
            {d.directSecretary ? (
              <Typography.Paragraph>书记由党员大会直接选举产生：{d.directSecretary}</Typography.Paragraph>
            ) : (
              <Form.Item name="secretaryName" label="书记（新一届委员会选举产生）" rules={[{ required: true, message: '请选择书记' }]}>
                <Select options={names} />
              </Form.Item>
            )}
            <Form.Item name="deputyName" label="副书记">
              <Select allowClear options={names} />
            </Form.Item>
          </>
        ),
        collect: async (form) => (report ? validateOrScroll(form) : undefined),
      }
    },
    dialogs: ({ record: d, reload }) =>
      voting && (
        <OpenVoteDialog
          title={`${d.title}：开始${d.votes.length ? '再次' : ''}投票`}
          load={() => electionRoll(d.id)}
          open={(body) => openElectionVote(d.id, body)}
          onClose={() => setVoting(false)}
          onOpened={() => {
            void client.invalidateQueries({ queryKey: ['xj', 'roll'] })
            reload()
          }}
        />
      ),
  }
  return <FlowRecordDrawer record={record} id={id} size={820} loadingTitle="换届选举" missing="该换届选举不存在或不在您的管理范围内" onClose={onClose} />
}

/** The elections of the caller's scope, newest first. */
function ElectionList({ onOpen }: { onOpen: (id: number) => void }) {
  const client = useQueryClient()
  const canAdd = useHasPermission([PERM.hjxjAdd])
  const [state, setState] = useState<State | undefined>()
  const [blurry, setBlurry] = useState<string | undefined>()
  const [page, setPage] = useState(1)
  const [planning, setPlanning] = useState(false)
  const q = useQuery({ queryKey: ['hjxj', 'list', state, blurry, page], queryFn: () => listElections({ page: page - 1, size: 20, state, blurry }), placeholderData: keepPreviousData })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder="选举名称" style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim() || undefined); setPage(1) }} />
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 150 }} options={STATES.map((s) => ({ value: s, label: STATE_NAMES[s] }))}
          value={state} onChange={(v) => { setState(v); setPage(1) }} />
        {canAdd && <Button type="primary" onClick={() => setPlanning(true)}>发起换届</Button>}
      </Space>
      <Table<ElectionRecord>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={state || blurry ? '没有符合条件的换届选举' : '暂无换届选举：党组织任期届满前，由本组织发起换届，选举方案报上级党委审批'} /> }}
        columns={[
          { title: '选举名称', dataIndex: 'title', render: (t: string, r) => <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => onOpen(r.id)}>{t}</Button> },
          { title: '党组织', dataIndex: 'orgName', width: 200, ellipsis: true },
          { title: '应选', dataIndex: 'seats', width: 70 },
          { title: '方式', dataIndex: 'methodName', width: 100 },
          { title: '选举大会', dataIndex: 'meetingOn', width: 110 },
          { title: '状态', width: 120, render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{r.stateName}</Tag> },
        ]}
      />
      {planning && <PlanDialog onClose={() => setPlanning(false)} onCreated={(d) => { void client.invalidateQueries({ queryKey: ['hjxj'] }); onOpen(d.id) }} />}
    </>
  )
}

interface DueOrg {
  id: number
  name: string
  typeLabel: string
  termStart: string
  termEnd: string
}

/**
 * 任期届满: the organisations of the scope whose term ends within three months (or has ended), to start their 换届;
 * one whose election is under way (its term still due until the result is confirmed) opens that election instead.
 */
const DUE_PAGE = 20

function DueList({ onOpen }: { onOpen: (id: number) => void }) {
  const client = useQueryClient()
  const canAdd = useHasPermission([PERM.hjxjAdd])
  const [planning, setPlanning] = useState<DueOrg | null>(null)
  const [page, setPage] = useState(1)
  const q = useQuery({
    queryKey: ['hjxj', 'due', page],
    queryFn: () => get<Page<DueOrg>>('/api/dzzxx', { page: page - 1, size: DUE_PAGE, termDueWithinDays: 90, sort: 'termEnd,asc' }),
    placeholderData: keepPreviousData,
  })
  // The elections under way of this page's organisations (a page holds at most DUE_PAGE of them).
  const orgIds = (q.data?.content ?? []).map((o) => o.id)
  const going = useQuery({
    queryKey: ['hjxj', 'under-way', orgIds],
    queryFn: () => listElections({ page: 0, size: DUE_PAGE, state: UNDER_WAY, orgIds }),
    enabled: orgIds.length > 0,
  })
  const electionOf = new Map((going.data?.content ?? []).map((e) => [e.orgId, e.id]))
  return (
    <>
      <Table<DueOrg>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, DUE_PAGE, q.data, { unit: '个党组织', hideOnSinglePage: true })}
        locale={{ emptyText: <Empty description="三个月内没有任期届满的党组织" /> }}
        columns={[
          { title: '党组织', dataIndex: 'name' },
          { title: '类型', dataIndex: 'typeLabel', width: 110 },
          { title: '本届任期', width: 220, render: (_, o) => `${o.termStart || '—'} 至 ${o.termEnd}` },
          {
            title: '', width: 110,
            render: (_, o) => {
              const under = electionOf.get(o.id)
              if (under) return <Button size="small" onClick={() => onOpen(under)}>查看换届</Button>
              return canAdd && <Button size="small" disabled={going.isFetching} onClick={() => setPlanning(o)}>发起换届</Button>
            },
          },
        ]}
      />
      {planning && (
        <PlanDialog orgId={planning.id} orgName={planning.name} onClose={() => setPlanning(null)}
          onCreated={(d) => { void client.invalidateQueries({ queryKey: ['hjxj'] }); setPlanning(null); onOpen(d.id) }} />
      )}
    </>
  )
}

/**
 * 换届选举 (docs/election.md): the elections of the scope and the organisations whose term is due; an election's
 * drawer (?id=) holds its plan, its votes in the meeting (members vote on phones at 党组织换届投票, printed codes
 * for those without an account), the counts and the approval flow with the higher committee.
 */
export default function ElectionPage() {
  const client = useQueryClient()
  const [params, setParams] = useSearchParams()
  const id = positive(params.get('id'))
  const tab = params.get('tab') === 'due' ? 'due' : 'list'
  const open = (next?: number) => setParams(next ? { id: String(next) } : {})
  return (
    <div style={{ padding: 16 }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'due' ? { tab: 'due' } : {})}
        items={[
          { key: 'list', label: '换届选举', children: <ElectionList onOpen={open} /> },
          { key: 'due', label: '任期即将届满', children: <DueList onOpen={open} /> },
        ]}
      />
      {id && <ElectionDrawer id={id} onClose={() => open()} onChanged={() => void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'hjxj' && q.queryKey[1] !== 'one' })} />}
    </div>
  )
}
