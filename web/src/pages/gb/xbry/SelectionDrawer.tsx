import { Button, Descriptions, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { EVENT_BASE_REFRESH } from '@/api/generated/cadreQuota'
import type { Candidate, Selection, State } from '@/api/generated/cadreSelection'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import { FlowRecordDrawer, type FlowRecord, type FlowResult } from '@/components/flow'
import { useHasPermission } from '@/components/Permission'
import ReasonDialog from '@/components/ReasonDialog'
import { announceBaseRefresh } from '@/pages/gb/zsgl/api'
import { formatTime } from '@/utils/time'
import { API, fetchSelection, stopSelection } from './api'
import MotionForm from './MotionForm'
import { NOT_REACHED, stagesOf, type Stage } from './stages'
import { stepAction } from './StepForms'

export const STATE_COLORS: Record<State, string> = {
  recommending: 'processing',
  inspecting: 'processing',
  deciding: 'processing',
  publicizing: 'processing',
  appointing: 'warning',
  probation: 'cyan',
  done: 'success',
  stopped: 'default',
}

/** The states a selection may be stopped in: before 任职 (an appointed cadre leaves the post by a 任免文件 of 职数管理). */
export const STOPPABLE: readonly State[] = ['recommending', 'inspecting', 'deciding', 'publicizing', 'appointing']

/** 民主推荐's people, by votes as recorded, and whether the inspection took them. */
export const candidateColumns: TableColumnsType<Candidate> = [
  { title: '姓名', dataIndex: 'name', key: 'name', width: 90 },
  { title: '单位及职务', key: 'post', ellipsis: true, render: (_: unknown, c) => [c.unitName, c.post].filter(Boolean).join(' ') },
  { title: '会议推荐票', dataIndex: 'votes', key: 'votes', width: 100, align: 'right' },
  { title: '谈话推荐票', dataIndex: 'talkVotes', key: 'talkVotes', width: 100, align: 'right' },
  { title: '考察对象', dataIndex: 'inspected', key: 'inspected', width: 90, render: (v: boolean) => (v ? '是' : '') },
]

/** A stage as the drawer shows it: its lines, long texts and people, or why it holds nothing yet. */
function StageSection({ stage }: { stage: Stage }) {
  return (
    <section>
      <Typography.Title level={5} style={{ margin: '4px 0 8px' }}>
        {stage.title}
      </Typography.Title>
      {!stage.reached ? (
        <Typography.Text type="secondary">{stage.note ?? NOT_REACHED}</Typography.Text>
      ) : (
        <>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[...stage.lines, ...stage.texts].map(([label, value], i) => ({
              key: label,
              label,
              span: i >= stage.lines.length ? 2 : 1,
              children: <span style={{ whiteSpace: 'pre-wrap' }}>{value || '—'}</span>,
            }))}
          />
          {stage.candidates && stage.candidates.length > 0 && (
            <Table<Candidate> rowKey="id" size="small" style={{ marginTop: 8 }} columns={candidateColumns} dataSource={stage.candidates} pagination={false} />
          )}
        </>
      )}
    </section>
  )
}

/**
 * A selection's 纪实 in a drawer: the 动议 and each stage's record, 办理 of the current step with its own form
 * (民主推荐's votes, 考察's report, 讨论决定's meeting …), the history, and 打印纪实, 编辑动议 (while 民主推荐),
 * 终止 (before 任职) and 查看任免文件 (once appointed).
 */
export default function SelectionDrawer({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const navigate = useNavigate()
  const mayStop = useHasPermission([PERM.gbxbryDel])
  const mayEdit = useHasPermission([PERM.gbxbryEdit])
  const maySeeDocuments = useHasPermission([PERM.gbzsList])
  const [editing, setEditing] = useState(false)
  const [stopping, setStopping] = useState(false)
  // The 任职 step changes the posts and the quotas (the document is issued): the open pages read them again.
  const appointing = useRef(false)
  const record: FlowRecord<Selection> = {
    queryKey: ['gbxbry', 'one'],
    fetch: fetchSelection,
    base: API,
    attachments: true,
    onChanged: () => {
      if (appointing.current) announceBaseRefresh(EVENT_BASE_REFRESH)
      appointing.current = false
      onChanged()
    },
    title: (s) => s.title,
    facts: (s) => [
      ['单位', s.unitName],
      ['拟任岗位', `${s.positionName}${s.levelLabel ? `（${s.levelLabel}）` : ''}${s.elected ? '，选任制' : ''}`],
      ['当前环节', <Tag key="state" color={STATE_COLORS[s.state]}>{s.stateName}</Tag>],
      s.appointeeName && ['拟任人选', s.appointeeName],
      ['发起人', s.createdBy],
      ['更新时间', formatTime(s.updateTime, 'YYYY-MM-DD HH:mm')],
    ],
    actions: ({ record: s }) => (
      <>
        <Button onClick={() => openPrintView('gbxbry', { id: s.id })}>打印纪实</Button>
        {s.state === 'recommending' && mayEdit && <Button onClick={() => setEditing(true)}>编辑动议</Button>}
        {s.documentId && maySeeDocuments && <Button onClick={() => navigate('/gb/zsgl?tab=documents')}>查看任免文件</Button>}
        {STOPPABLE.includes(s.state) && mayStop && (
          <Button danger onClick={() => setStopping(true)}>
            终止
          </Button>
        )}
      </>
    ),
    notes: ({ record: s }) => stagesOf(s).map((stage) => <StageSection key={stage.key} stage={stage} />),
    action: ({ record: s, flow }) => ({
      ...stepAction(s, flow.step, (step: string, result: FlowResult) => {
        appointing.current = step === 'appoint' && result === 'approve'
      }),
      uploadPerm: flow.step === 'decide' || flow.step === 'appoint' ? PERM.gbxbryDecide : PERM.gbxbryHandle,
      moduleName: 'gbxbry',
    }),
    dialogs: ({ record: s, flow, reload }) => (
      <>
        {editing && (
          <MotionForm
            selection={s}
            onClose={() => setEditing(false)}
            onSaved={() => {
              appointing.current = false
              reload()
            }}
          />
        )}
        {stopping && flow && (
          <ReasonDialog
            title={`终止选拔任用：${s.title}`}
            label="终止原因"
            maxLength={500}
            showCount
            vertical
            danger
            okText="终止"
            note={<Typography.Paragraph type="secondary">终止后该选拔任用不再办理，已记录的各环节材料保留。</Typography.Paragraph>}
            send={(reason) => stopSelection(s.id, flow.version, reason)}
            successText="已终止"
            onClose={() => setStopping(false)}
            onDone={() => {
              appointing.current = false
              reload()
            }}
          />
        )}
      </>
    ),
  }
  return <FlowRecordDrawer record={record} id={id} size={900} loadingTitle="选拔任用纪实" missing="该选拔任用记录不存在或不在您的管理范围内" onClose={onClose} />
}
