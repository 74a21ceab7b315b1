import { ArrowLeftOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Col, Drawer, Empty, Form, Row, Space, Spin, Tabs, Typography, type FormInstance, type TabsProps } from 'antd'
import type { ReactNode } from 'react'
import type { Perm } from '@/api/permissions'
import FactList, { type Fact, type Facts } from '@/components/FactList'
import ActionPanel from './ActionPanel'
import { flowFiles, getFlow } from './api'
import AttachmentList from './AttachmentList'
import RecordTimeline, { timelineProps } from './RecordTimeline'
import type { FlowResult, FlowView } from './types'

/** One line of a record's header; a falsy entry (`r.leavingOn && ['预计离校日期', r.leavingOn]`) leaves it out. */
export type FlowFact = Fact

/** What a declaration's parts are given: the record, its flow once read, and the reload after a change. */
export interface FlowRecordContext<R> {
  record: R
  flow: FlowView | undefined
  /** Reads the record and its flow again, and tells the lists (onChanged). */
  reload: () => void
}

/** The 办理 card of the current step: who attaches files, and the step's own fields sent with the action as `form`. */
export interface FlowStepAction {
  /** Who may attach files to the action; without it no files are offered. */
  uploadPerm?: Perm
  /** Stored with each upload (文件管理 tells where a file belongs). */
  moduleName?: string
  /** The step's own fields (a date, the votes), in a form of their own above the comment. */
  fields?: ReactNode
  /** What the fields start with (a returned proposal's values, to edit and resubmit). */
  initialValues?: Record<string, unknown>
  /** Collects (and validates) the fields for the chosen result; a rejection stops the action. */
  collect?: (form: FormInstance, result: FlowResult) => Promise<unknown>
}

/**
 * A workflow record (发展党员, a transfer; later a meeting, a cadre appointment) as a module declares it: how it is
 * read, its header, its steps, the action of its current step and its tabs. FlowRecordPage shows it as a page,
 * FlowRecordDrawer in a drawer; both read the record and its flow, reload them after an action and show the history.
 */
export interface FlowRecord<R extends { id: number }> {
  /** The record's query key; the id is added, and its flow is [...queryKey, id, 'flow']. */
  queryKey: readonly unknown[]
  fetch: (id: number) => Promise<R>
  /** Where the record's flow is mounted (flow.Workflow.Routes' base); a function when it depends on the record (a transfer's kind). */
  base: string | ((r: R) => string)
  title: (r: R) => ReactNode
  facts: (r: R) => Facts
  /** The header's buttons (编辑, 删除, 撤回 …); nothing or null when there are none. */
  actions?: (c: FlowRecordContext<R>) => ReactNode
  /** Below the facts: what the record carries besides them (the exceptions accepted, the letters issued). */
  notes?: (c: FlowRecordContext<R>) => ReactNode
  /** The steps shown the module's own way (发展党员's 25 steps), beside the rest; the history then leaves out its steps bar. */
  steps?: (c: FlowRecordContext<R>) => ReactNode
  /** The current step's action; called inside the 办理 card, so it may name the step's form. */
  action: (c: FlowRecordContext<R> & { flow: FlowView }) => FlowStepAction
  /** The 办理 card only for who may act; others read the history (without it they see who acts at the step). */
  actorsOnly?: boolean
  /** Tabs after 办理记录 (the module's sub-lists and documents). */
  tabs?: (c: FlowRecordContext<R>) => NonNullable<TabsProps['items']>
  /** A tab 附件: the files attached to the record's actions, by step. */
  attachments?: boolean
  /** Dialogs the header's buttons open. */
  dialogs?: (c: FlowRecordContext<R>) => ReactNode
  /** After a change: the lists the record is in. */
  onChanged?: () => void
}

const baseOf = <R extends { id: number }>(decl: FlowRecord<R>, r: R) => (typeof decl.base === 'string' ? decl.base : decl.base(r))

/** The record and its flow (read together when the base does not depend on the record), and the reload of both. */
function useFlowRecord<R extends { id: number }>(decl: FlowRecord<R>, id: number, enabled = true) {
  const client = useQueryClient()
  const key = [...decl.queryKey, id]
  const record = useQuery({ queryKey: key, queryFn: () => decl.fetch(id), enabled })
  const r = record.data
  const flow = useQuery({
    queryKey: [...key, 'flow'],
    queryFn: () => getFlow(r ? baseOf(decl, r) : (decl.base as string), id),
    enabled: enabled && (typeof decl.base === 'string' || !!r),
  })
  const reload = () => {
    void client.invalidateQueries({ queryKey: key })
    decl.onChanged?.()
  }
  const context: FlowRecordContext<R> | undefined = r && { record: r, flow: flow.data, reload }
  return { record, context }
}

/** The current step's action with the step's own form, reset after the action. */
function StepAction<R extends { id: number }>({ decl, c }: { decl: FlowRecord<R>; c: FlowRecordContext<R> & { flow: FlowView } }) {
  const [form] = Form.useForm()
  const { uploadPerm, moduleName, fields, initialValues, collect } = decl.action(c)
  return (
    <ActionPanel
      base={baseOf(decl, c.record)}
      id={c.record.id}
      view={c.flow}
      onDone={() => {
        form.resetFields()
        c.reload()
      }}
      onStale={c.reload}
      uploadPerm={uploadPerm}
      moduleName={moduleName}
      collectForm={collect && ((result) => collect(form, result))}
      // A rule's refusal naming a field of the step (`date`, `contactIds`, …) is shown on it.
      fieldForms={fields ? [form] : []}
    >
      {fields && (
        <Form form={form} component={false} layout="vertical" initialValues={initialValues}>
          {fields}
        </Form>
      )}
    </ActionPanel>
  )
}

/** 附件: the files attached to the record's steps as they were handled (each action's files, by step). */
export function FlowFiles({ flow, base, id }: { flow: FlowView | undefined; base: string; id: number }) {
  const entries = (flow?.entries ?? []).filter((e) => e.attachments?.length)
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件：办理环节时上传的材料会列在这里" />
  const title = (k?: string) => flow?.steps.find((s) => s.key === k)?.title ?? k ?? ''
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {entries.map((e) => (
        <div key={e.id}>
          <Typography.Text strong>{title(e.step)}</Typography.Text>
          <Typography.Text type="secondary">（{e.actorName}，{e.time.slice(0, 10)}）</Typography.Text>
          <AttachmentList value={e.attachments} readOnly source={flowFiles(base, id)} />
        </div>
      ))}
    </Space>
  )
}

/** 办理 (for who acts, or who acts there) and the history: a card of its own, or the first tab before the module's. */
function FlowBody<R extends { id: number }>({ decl, c, card }: { decl: FlowRecord<R>; c: FlowRecordContext<R>; card: { variant?: 'borderless'; size?: 'small' } }) {
  const { record: r, flow } = c
  const base = baseOf(decl, r)
  const history = flow ? <RecordTimeline {...timelineProps(flow)} hideSteps={!!decl.steps} files={flowFiles(base, r.id)} /> : <Spin />
  const tabs = [...(decl.tabs?.(c) ?? []), ...(decl.attachments ? [{ key: 'files', label: '附件', children: <FlowFiles flow={flow} base={base} id={r.id} /> }] : [])]
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {flow?.step && (flow.mayAct || !decl.actorsOnly) && (
        <Card {...card} title="办理">
          <StepAction key={`${flow.step}:${flow.version}`} decl={decl} c={{ ...c, flow }} />
        </Card>
      )}
      {tabs.length ? (
        <Card {...card}>
          <Tabs items={[{ key: 'history', label: '办理记录', children: history }, ...tabs]} />
        </Card>
      ) : (
        <Card {...card} title="办理记录">
          {history}
        </Card>
      )}
    </Space>
  )
}

export interface FlowRecordPageProps<R extends { id: number }> {
  record: FlowRecord<R>
  /** The record's id (from the address); not a positive integer: `noId` is said. */
  id: number
  /** 返回: where the record's list is (the record once read). */
  back: (r: R | undefined) => void
  noId: string
  /** The record could not be read (gone, or outside the caller's scope). */
  missing: string
}

/**
 * A workflow record as a page: the header (title, 返回 and the module's buttons, the facts and notes), then the
 * steps beside the 办理 card and the tabs (办理记录, the module's, 附件). On a phone the action comes before the steps.
 */
export function FlowRecordPage<R extends { id: number }>({ record: decl, id, back, noId, missing }: FlowRecordPageProps<R>) {
  const valid = Number.isInteger(id) && id > 0
  const { record, context: c } = useFlowRecord(decl, id, valid)
  const backButton = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => back(record.data)}>
      返回
    </Button>
  )
  const empty = (description: string) => (
    <Card variant="borderless">
      <Empty description={description}>{backButton}</Empty>
    </Card>
  )
  if (!valid) return empty(noId)
  if (record.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />
  if (record.isError || !c) return empty(missing)
  const body = <FlowBody decl={decl} c={c} card={{ variant: 'borderless' }} />
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={decl.title(c.record)}
        extra={
          <Space wrap>
            {backButton}
            {decl.actions?.(c)}
          </Space>
        }
      >
        <FactList facts={decl.facts(c.record)} column={{ xs: 1, sm: 2, lg: 3 }} />
        {decl.notes?.(c)}
      </Card>
      {decl.steps ? (
        <Row gutter={[16, 16]}>
          <Col xs={{ span: 24, order: 2 }} lg={{ span: 8, order: 1 }}>
            {decl.steps(c)}
          </Col>
          <Col xs={{ span: 24, order: 1 }} lg={{ span: 16, order: 2 }}>
            {body}
          </Col>
        </Row>
      ) : (
        body
      )}
      {decl.dialogs?.(c)}
    </Space>
  )
}

export interface FlowRecordDrawerProps<R extends { id: number }> {
  record: FlowRecord<R>
  id: number
  /** The title while the record is read. */
  loadingTitle: string
  /** Said when the record cannot be read (gone, or outside the caller's scope); without it the drawer keeps waiting. */
  missing?: string
  size?: number
  onClose: () => void
}

/** A workflow record in a drawer: the facts, the module's buttons and notes, its steps, 办理 and the history. */
export function FlowRecordDrawer<R extends { id: number }>({ record: decl, id, loadingTitle, missing, size = 760, onClose }: FlowRecordDrawerProps<R>) {
  const { record, context: c } = useFlowRecord(decl, id)
  const actions = c && decl.actions?.(c)
  return (
    <Drawer open size={size} title={c ? decl.title(c.record) : loadingTitle} onClose={onClose} destroyOnHidden>
      {!c ? (
        record.isError && missing ? <Empty description={missing} /> : <Spin />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <FactList facts={decl.facts(c.record)} column={{ xs: 1, sm: 2 }} />
          {actions && <Space wrap>{actions}</Space>}
          {decl.notes?.(c)}
          {decl.steps?.(c)}
          <FlowBody decl={decl} c={c} card={{ size: 'small' }} />
          {decl.dialogs?.(c)}
        </Space>
      )}
    </Drawer>
  )
}
