import { useQueryClient } from '@tanstack/react-query'
import { Button, Form, Input, Radio, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { HARDSHIP_STATE_LABELS } from '@/api/generated/fee'
import { PERM } from '@/api/permissions'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import { actionColumn, confirmAction, CrudTable, RowActions, useCrud } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import { FlowRecordDrawer, type FlowRecord, type FlowResult } from '@/components/flow'
import { searchMembers } from '@/components/member/service'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import Permission, { useHasPermission } from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { validateOrScroll } from '@/components/useFormSubmit'
import { endHardship, fetchHardships, HARDSHIP_API, proposeHardship, withdrawHardship, type Hardship, type HardshipInput, type HardshipState } from '../standard/api'

const STATE_COLORS: Record<HardshipState, string> = { review: 'processing', returned: 'warning', approved: 'green', rejected: 'red', withdrawn: 'default', ended: 'default' }
const STATE_OPTIONS = Object.entries(HARDSHIP_STATE_LABELS).map(([value, label]) => ({ value, label }))
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

/** A proposal by its id (the list filtered by it), rejected when it is not in the caller's scope. */
const hardshipById = (id: number) =>
  fetchHardships({ page: 0, size: 1, sort: [], filters: { id } }).then((p) => p.content[0] ?? Promise.reject(new Error('not found')))

/**
 * A proposal's history and the actions of who may take them, each confirmed first: the committee above
 * 通过 / 不通过 / 退回修改; the branch resubmits a returned proposal (its fields prefilled, editable) and may
 * 撤回 one not yet decided; the committee may 终止 an approved one.
 */
function FlowDrawer({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) {
  const client = useQueryClient()
  const canBranch = useHasPermission([PERM.dfjmBranch])
  const canCommittee = useHasPermission([PERM.dfjmCommittee])
  const [ending, setEnding] = useState(false)
  const record: FlowRecord<Hardship> = {
    queryKey: ['dfjm', 'one'],
    fetch: hardshipById,
    base: HARDSHIP_API,
    onChanged: onDone,
    title: (h) => `${h.memberName}：党费${h.kindLabel}（${monthsText(h)}）`,
    facts: () => [],
    actions: ({ record: h, flow, reload }) => (
      <>
        {flow?.step && canBranch && (
          <Button onClick={() => void confirmAction(`确定撤回${h.memberName}的党费减免申请吗？撤回后不再审批，需要时请重新申请。`, () => withdrawHardship(h.id, flow.version), '已撤回').then((ok) => ok && reload())}>
            撤回申请
          </Button>
        )}
        {flow?.state === 'approved' && canCommittee && <Button onClick={() => setEnding(true)}>终止减免</Button>}
      </>
    ),
    action: ({ record: h, flow }) => {
      const resubmit = flow.step === 'branch'
      return {
        uploadPerm: PERM.dfjmCommittee,
        moduleName: 'feehardship',
        fields: resubmit && <ProposalFields />,
        initialValues: { kind: h.kind, amount: h.amount.replaceAll(',', ''), from: h.from, to: h.to, reason: h.reason },
        collect: async (form, result) => {
          const values = resubmit ? proposalBody(await validateOrScroll<Omit<HardshipInput, 'memberId'>>(form)) : undefined
          await confirmed(resubmit ? `确定重新提交${h.memberName}的党费减免申请吗？` : CONFIRM[result](h.memberName))
          return values
        },
      }
    },
    dialogs: ({ record: h, flow }) =>
      ending &&
      flow && (
        <EndDialog
          item={h}
          version={flow.version}
          onClose={() => setEnding(false)}
          onEnded={(ended) => {
            // The answer is the proposal as it now stands; its flow and the list are read again.
            client.setQueryData(['dfjm', 'one', id], ended)
            void client.invalidateQueries({ queryKey: ['dfjm', 'one', id, 'flow'] })
            onDone()
          }}
        />
      ),
  }
  return <FlowRecordDrawer record={record} id={id} size={640} loadingTitle="党费减免" missing="该减免申请不存在或不在您的管理范围内" onClose={onClose} />
}

/**
 * 困难减免: the proposals of the scope; the branch proposes, the committee above approves. `openId` (a to-do's
 * `?hardship=`) opens that proposal's drawer.
 */
export default function HardshipTab({ openId }: { openId?: number }) {
  const crud = useCrud<Hardship>({ key: 'dfjm', fetch: fetchHardships })
  const [proposing, setProposing] = useState(false)
  const [open, setOpen] = useState<number | null>(openId ?? null)
  const columns: TableColumnsType<Hardship> = [
    { title: '党员', dataIndex: 'memberName', key: 'memberName', width: 110 },
    { title: '党组织', dataIndex: 'orgName', key: 'orgName', width: 200, ellipsis: true },
    { title: '方式', dataIndex: 'kindLabel', key: 'kind', width: 80 },
    { title: '减交后每月（元）', dataIndex: 'amount', key: 'amount', width: 140, render: (a: string) => a || '—' },
    { title: '月份', key: 'months', width: 180, render: (_: unknown, h: Hardship) => monthsText(h) },
    { title: '理由', dataIndex: 'reason', key: 'reason', ellipsis: true },
    { title: '状态', dataIndex: 'state', key: 'state', width: 100, render: (s: HardshipState, h: Hardship) => <Tag color={STATE_COLORS[s]}>{h.stateLabel}</Tag> },
    actionColumn<Hardship>((h) => <RowActions actions={[{ key: 'flow', label: h.state === 'review' || h.state === 'returned' ? '办理' : '查看', onClick: () => setOpen(h.id) }]} />, 100),
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
      {open && <FlowDrawer id={open} onClose={() => setOpen(null)} onDone={crud.reload} />}
    </>
  )
}
