import { Empty, Space, Steps, Tag, Timeline, Typography } from 'antd'
import { formatTime } from '@/utils/time'
import AttachmentList, { type AttachmentSource } from './AttachmentList'
import type { FlowAction, FlowEntry, FlowStep, FlowView } from './types'

const ACTIONS: Record<FlowAction, { label: string; color: string }> = {
  submit: { label: '提交', color: 'blue' },
  approve: { label: '通过', color: 'green' },
  reject: { label: '不通过', color: 'red' },
  return: { label: '退回', color: 'orange' },
  withdraw: { label: '撤回', color: 'gray' },
  cancel: { label: '撤销', color: 'red' },
  end: { label: '终止', color: 'gray' },
}

export interface RecordTimelineProps {
  /** The workflow's declared steps, in order. */
  steps: readonly FlowStep[]
  /** The step the record is at (a FlowStep key); null before it is submitted. */
  current: string | null
  /**
   * The state of the current step: 'process' while someone must act, 'error' when it ended there
   * (不通过), 'finish' when the last step is done.
   */
  status?: 'process' | 'finish' | 'error'
  /** The record's history, in the order to show (the API's order; oldest first reads as the flow ran). */
  entries: readonly FlowEntry[]
  /** Why there is no history yet; says so instead of an empty box. */
  emptyText?: string
  /** Leaves the steps bar out, for a page that shows the steps its own way (发展党员's 25 steps); the history still names them. */
  hideSteps?: boolean
  /** Where the entries' files are read (flowFiles(base, id): everyone who sees the record); the file service otherwise. */
  files?: AttachmentSource
}

/**
 * RecordTimeline's props from a record's flow as the flow API answers it:
 *
 *   const { data: flow } = useQuery({ queryKey: ['flow', id], queryFn: () => getFlow('/api/sample', id) })
 *   {flow && <RecordTimeline {...timelineProps(flow)} />}
 */
export function timelineProps(view: FlowView): Pick<RecordTimelineProps, 'steps' | 'current' | 'status' | 'entries'> {
  return {
    steps: view.steps,
    current: view.started ? view.current : null,
    status: view.status === '' ? 'process' : view.status,
    entries: view.entries,
  }
}

/** 退回至「支部审查」: the action's label, with the target step of a return. */
export function actionLabel(e: FlowEntry, steps: readonly FlowStep[]): string {
  const base = ACTIONS[e.action].label
  if (e.action !== 'return' || !e.toStep) return base
  return `${base}至「${steps.find((s) => s.key === e.toStep)?.title ?? e.toStep}」`
}

/**
 * A workflow record's progress and history (member development, transfers, fees): the declared steps with
 * the current one marked, then every action in order with who (name, role or organisation), when, the
 * result (提交/通过/不通过/退回/撤回), the comment and the files attached to it.
 *
 *   <RecordTimeline steps={STEPS} current={rec.step} status={rec.rejected ? 'error' : 'process'}
 *     entries={history} emptyText="申请尚未提交，暂无办理记录" />
 */
export default function RecordTimeline({ steps, current, status = 'process', entries, emptyText, hideSteps, files }: RecordTimelineProps) {
  const index = current === null ? -1 : steps.findIndex((s) => s.key === current)
  const stepTitle = (key?: string) => (key ? (steps.find((s) => s.key === key)?.title ?? key) : '')
  // The steps the record passed through: acted at, or reached by a submit or a return. A declared step before the
  // current one that the history never reached (换届选举's 修改方案后重新报批 when nothing was sent back) waits
  // rather than showing done. A record without history (kept before the flow kit) marks every earlier step done.
  const reached = new Set(entries.flatMap((e) => [e.step, e.toStep]).filter((k): k is string => !!k))
  const passed = (i: number, key: string) => entries.length === 0 || reached.has(key) || i >= index

  return (
    <div className="record-timeline">
      {steps.length > 0 && !hideSteps && (
        <Steps
          className="record-steps"
          size="small"
          // Before submission no step is current: every step waits.
          current={index}
          status={index < 0 ? 'wait' : status}
          items={steps.map((s, i) => ({ key: s.key, title: s.title, content: s.description, ...(passed(i, s.key) ? {} : { status: 'wait' as const }) }))}
          style={{ marginBottom: 24 }}
        />
      )}
      {current !== null && index < 0 && (
        <Typography.Paragraph type="warning">当前环节“{current}”不在流程定义中</Typography.Paragraph>
      )}
      {entries.length === 0 ? (
        <Empty description={emptyText ?? (current === null ? '尚未提交，暂无办理记录' : '暂无办理记录')} />
      ) : (
        <Timeline
          items={entries.map((e) => ({
            key: e.id,
            color: ACTIONS[e.action].color,
            content: (
              <div className="flow-entry" data-entry-id={e.id}>
                <Space wrap size={4}>
                  <Typography.Text strong>{formatTime(e.time)}</Typography.Text>
                  {e.step && <Typography.Text>{stepTitle(e.step)}</Typography.Text>}
                  <Tag color={ACTIONS[e.action].color}>{actionLabel(e, steps)}</Tag>
                  <Typography.Text>{e.actorName}</Typography.Text>
                  {e.actorRole && <Typography.Text type="secondary">（{e.actorRole}）</Typography.Text>}
                </Space>
                {e.comment && <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{e.comment}</Typography.Paragraph>}
                {e.attachments && e.attachments.length > 0 && (
                  <div style={{ marginTop: 4 }}>
                    <AttachmentList value={e.attachments} readOnly inline source={files} />
                  </div>
                )}
              </div>
            ),
          }))}
        />
      )}
    </div>
  )
}
