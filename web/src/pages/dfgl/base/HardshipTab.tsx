import { useQuery } from '@tanstack/react-query'
import { Button, Drawer, Form, Input, Radio, Tag, type TableColumnsType } from 'antd'
import { useEffect, useState } from 'react'
import { PERM } from '@/api/permissions'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import { actionColumn, confirmAction, CrudTable, RowActions, useCrud } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import { ActionPanel, getFlow, RecordTimeline, timelineProps, type FlowResult } from '@/components/flow'
import { searchMembers } from '@/components/member/service'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import Permission, { useHasPermission } from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { validateOrScroll } from '@/components/useFormSubmit'
import { endHardship, fetchHardships, HARDSHIP_API, proposeHardship, withdrawHardship, type Hardship, type HardshipInput, type HardshipState } from '../standard/api'

const STATE_COLORS: Record<HardshipState, string> = { review: 'processing', returned: 'warning', approved: 'green', rejected: 'red', withdrawn: 'default', ended: 'default' }
const STATE_OPTIONS = [
  { value: 'review', label: '待审批' },
  { value: 'returned', label: '退回修改' },
  { value: 'approved', label: '已批准' },
  { value: 'rejected', label: '未批准' },
  { value: 'withdrawn', label: '已撤回' },
  { value: 'ended', label: '已终止' },
]
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** What a proposal asks: 减交 (a lower monthly amount) or 免交, the months and the reason; proposed and resubmitted alike. */
function ProposalFields() {
  return (
    <>
      <Form.Item label="减免方式" name="kind" rules={[{ required: true, message: '请选择减免方式' }]}>
        <Radio.Group options={[{ value: 'reduce', label: '减交' }, { value: 'exempt', label: '免交' }]} />
      </Form.Item>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 'reduce' && (
            <Form.Item label="减交后每月" name="amount" rules={[{ required: true, message: '请输入减交后的每月金额' }, { pattern: /^\d+(\.\d{1,2})?$/, message: '金额最多两位小数' }]}>
              <Input addonAfter="元" style={{ width: 200 }} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item label="起始月份" name="from" rules={[{ required: true, message: '请输入起始月份' }, { pattern: MONTH, message: '格式为 YYYY-MM' }]}>
        <Input placeholder="2026-01" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="截止月份" name="to" rules={[{ required: true, message: '请输入截止月份' }, { pattern: MONTH, message: '格式为 YYYY-MM' }]}>
        <Input placeholder="2026-12" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="减免理由" name="reason" rules={[{ required: true, whitespace: true, message: '请输入减免理由' }]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </>
  )
}

/** The body of a proposal's fields: the amount only for 减交, the reason trimmed. */
const proposalBody = <V extends Omit<HardshipInput, 'memberId'>>(v: V): V => ({ ...v, amount: v.kind === 'reduce' ? v.amount?.trim() : undefined, reason: v.reason.trim() })

/** Resolves on 确定, rejects on 取消: a confirmation before a workflow action (ActionPanel's collectForm stops on a rejection). */
const confirmed = (content: string) =>
  new Promise<void>((resolve, reject) =>
    ui.modal.confirm({ ...DIALOG_DEFAULTS, title: '提示', content, okText: '确定', cancelText: '取消', onOk: () => resolve(), onCancel: () => reject(new Error('取消')) }),
  )

const CONFIRM: Record<FlowResult, (who: string) => string> = {
  approve: (who) => `确定通过${who}的党费减免申请吗？通过后自批准的月份起按减免后的金额计算。`,
  reject: (who) => `确定不通过${who}的党费减免申请吗？`,
  return: (who) => `确定把${who}的党费减免申请退回支部修改吗？`,
}

/** The branch's proposal: a member, 减交 (a lower monthly amount) or 免交, the months and the reason. */
function ProposeDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  type V = HardshipInput
  return (
    <FormDialog<V>
      title="申请党费减免"
      initialValues={{ kind: 'reduce' }}
      onClose={onClose}
      onDone={onDone}
      successText="已提交上级党委审批"
      onSubmit={(v) => proposeHardship(proposalBody(v))}
    >
      <Form.Item label="党员" name="memberId" rules={[{ required: true, message: '请选择党员' }]}>
        <RemoteSelect search={(t) => searchMembers(t)} placeholder="输入姓名搜索" emptyText="没有匹配的党员" />
      </Form.Item>
      <ProposalFields />
    </FormDialog>
  )
}

/** The months a proposal covers, and from when it no longer applies once ended early. */
const monthsText = (h: Hardship) => `${h.from} 至 ${h.to}${h.endFrom ? `，${h.endFrom} 起终止` : ''}`

/**
 * 终止 by the committee: an approved reduction ends from a month after the frozen ones (the server names the
 * months allowed on the field), with the reason, confirmed first.
 */
function EndDialog({ item, version, onClose, onEnded }: { item: Hardship; version: number; onClose: () => void; onEnded: (h: Hardship) => void }) {
  type V = { from: string; comment: string }
  return (
    <FormDialog<V>
      title={`终止${item.memberName}的党费${item.kindLabel}`}
      onClose={onClose}
      successText="已终止"
      onSubmit={async (v) => {
        await confirmed(`确定自 ${v.from} 起终止${item.memberName}的党费${item.kindLabel}吗？自该月起按标准交纳，已核定的月份不变。`)
        onEnded(await endHardship(item.id, { from: v.from, comment: v.comment.trim(), version }))
      }}
    >
      <Form.Item label="终止月份" name="from" extra="自该月起按标准交纳" rules={[{ required: true, message: '请输入终止月份' }, { pattern: MONTH, message: '格式为 YYYY-MM' }]}>
        <Input placeholder={item.to} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="终止理由" name="comment" rules={[{ required: true, whitespace: true, message: '请输入终止理由' }]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  )
}

/**
 * A proposal's history and the actions of who may take them, each confirmed first: the committee above
 * 通过 / 不通过 / 退回修改; the branch resubmits a returned proposal (its fields prefilled, editable) and may
 * 撤回 one not yet decided; the committee may 终止 an approved one.
 */
function FlowDrawer({ item, onClose, onDone, onItem }: { item: Hardship; onClose: () => void; onDone: () => void; onItem: (h: Hardship) => void }) {
  const flow = useQuery({ queryKey: ['dfjm', 'flow', item.id], queryFn: () => getFlow(HARDSHIP_API, item.id) })
  const [form] = Form.useForm<Omit<HardshipInput, 'memberId'>>()
  const canBranch = useHasPermission([PERM.dfjmBranch])
  const canCommittee = useHasPermission([PERM.dfjmCommittee])
  const [ending, setEnding] = useState(false)
  const view = flow.data
  const resubmit = view?.step === 'branch'
  const done = () => {
    void flow.refetch()
    onDone()
  }
  const collect = async (result: FlowResult) => {
    const values = resubmit ? proposalBody(await validateOrScroll(form)) : undefined
    await confirmed(resubmit ? `确定重新提交${item.memberName}的党费减免申请吗？` : CONFIRM[result](item.memberName))
    return values
  }
  return (
    <Drawer open size={640} title={`${item.memberName}：党费${item.kindLabel}（${monthsText(item)}）`} onClose={onClose}>
      {view && <RecordTimeline {...timelineProps(view)} />}
      {view?.step && canBranch && (
        <Button
          style={{ marginBottom: 16 }}
          onClick={() => void confirmAction(`确定撤回${item.memberName}的党费减免申请吗？撤回后不再审批，需要时请重新申请。`, () => withdrawHardship(item.id, view.version), '已撤回').then((ok) => ok && done())}
        >
          撤回申请
        </Button>
      )}
      {view?.state === 'approved' && canCommittee && (
        <Button style={{ marginBottom: 16 }} onClick={() => setEnding(true)}>
          终止减免
        </Button>
      )}
      {ending && view && (
        <EndDialog
          item={item}
          version={view.version}
          onClose={() => setEnding(false)}
          onEnded={(h) => {
            onItem(h)
            done()
          }}
        />
      )}
      {view && (
        <ActionPanel base={HARDSHIP_API} id={item.id} view={view} onDone={done} onStale={() => void flow.refetch()} uploadPerm={PERM.dfjmCommittee} moduleName="feehardship" collectForm={collect} fieldForms={resubmit ? [form] : []}>
          {resubmit && (
            <Form
              form={form}
              component={false}
              layout="vertical"
              initialValues={{ kind: item.kind, amount: item.amount.replaceAll(',', ''), from: item.from, to: item.to, reason: item.reason }}
            >
              <ProposalFields />
            </Form>
          )}
        </ActionPanel>
      )}
    </Drawer>
  )
}

/**
 * 困难减免: the proposals of the scope; the branch proposes, the committee above approves. `openId` (a to-do's
 * `?hardship=`) opens that proposal's drawer.
 */
export default function HardshipTab({ openId }: { openId?: number }) {
  const crud = useCrud<Hardship>({ key: 'dfjm', fetch: fetchHardships })
  const [proposing, setProposing] = useState(false)
  const [open, setOpen] = useState<Hardship | null>(null)
  const linked = useQuery({
    queryKey: ['dfjm', 'one', openId],
    enabled: !!openId,
    queryFn: () => fetchHardships({ page: 0, size: 1, sort: [], filters: { id: openId } }).then((p) => p.content[0] ?? null),
  })
  useEffect(() => {
    if (linked.data) setOpen(linked.data)
  }, [linked.data])
  const columns: TableColumnsType<Hardship> = [
    { title: '党员', dataIndex: 'memberName', key: 'memberName', width: 110 },
    { title: '党组织', dataIndex: 'orgName', key: 'orgName', width: 200, ellipsis: true },
    { title: '方式', dataIndex: 'kindLabel', key: 'kind', width: 80 },
    { title: '减交后每月（元）', dataIndex: 'amount', key: 'amount', width: 140, render: (a: string) => a || '—' },
    { title: '月份', key: 'months', width: 180, render: (_: unknown, h: Hardship) => monthsText(h) },
    { title: '理由', dataIndex: 'reason', key: 'reason', ellipsis: true },
    { title: '状态', dataIndex: 'state', key: 'state', width: 100, render: (s: HardshipState, h: Hardship) => <Tag color={STATE_COLORS[s]}>{h.stateLabel}</Tag> },
    actionColumn<Hardship>((h) => <RowActions actions={[{ key: 'flow', label: h.state === 'review' || h.state === 'returned' ? '办理' : '查看', onClick: () => setOpen(h) }]} />, 100),
  ]
  return (
    <>
      <CrudTable<Hardship>
        crud={crud}
        columns={columns}
        searchFields={[
          { name: 'blurry', label: '党员姓名' },
          { name: 'orgId', label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> },
          { name: 'state', label: '状态', type: 'select', options: STATE_OPTIONS },
        ]}
        toolbar={
          <Permission need={[PERM.dfjmBranch]}>
            <Button type="primary" onClick={() => setProposing(true)}>
              申请减免
            </Button>
          </Permission>
        }
      />
      {proposing && <ProposeDialog onClose={() => setProposing(false)} onDone={crud.reload} />}
      {open && <FlowDrawer item={open} onClose={() => setOpen(null)} onDone={crud.reload} onItem={setOpen} />}
    </>
  )
}
