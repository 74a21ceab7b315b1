import { useQuery } from '@tanstack/react-query'
import { Button, Drawer, Form, Input, Radio, Tag, type TableColumnsType } from 'antd'
import { useEffect, useState } from 'react'
import { PERM } from '@/api/permissions'
import { CrudTable, RowActions, useCrud } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import { ActionPanel, getFlow, RecordTimeline, timelineProps } from '@/components/flow'
import { searchMembers } from '@/components/member/service'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import Permission from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { fetchHardships, HARDSHIP_API, proposeHardship, type Hardship, type HardshipInput, type HardshipState } from '../standard/api'

const STATE_COLORS: Record<HardshipState, string> = { review: 'processing', approved: 'green', rejected: 'red' }
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

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
      onSubmit={(v) => proposeHardship({ ...v, amount: v.kind === 'reduce' ? v.amount?.trim() : undefined, reason: v.reason.trim() })}
    >
      <Form.Item label="党员" name="memberId" rules={[{ required: true, message: '请选择党员' }]}>
        <RemoteSelect search={(t) => searchMembers(t)} placeholder="输入姓名搜索" emptyText="没有匹配的党员" />
      </Form.Item>
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
    </FormDialog>
  )
}

/** A proposal's history and, for the committee above, 通过 / 不通过. */
function FlowDrawer({ item, onClose, onDone }: { item: Hardship; onClose: () => void; onDone: () => void }) {
  const flow = useQuery({ queryKey: ['dfjm', 'flow', item.id], queryFn: () => getFlow(HARDSHIP_API, item.id) })
  return (
    <Drawer open width={640} title={`${item.memberName}：党费${item.kindLabel}（${item.from} 至 ${item.to}）`} onClose={onClose}>
      {flow.data && <RecordTimeline {...timelineProps(flow.data)} />}
      {flow.data && (
        <ActionPanel
          base={HARDSHIP_API}
          id={item.id}
          view={flow.data}
          onDone={() => {
            void flow.refetch()
            onDone()
          }}
          onStale={() => void flow.refetch()}
          uploadPerm={PERM.dfjmCommittee}
          moduleName="feehardship"
        />
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
    { title: '月份', key: 'months', width: 180, render: (_: unknown, h: Hardship) => `${h.from} 至 ${h.to}` },
    { title: '理由', dataIndex: 'reason', key: 'reason', ellipsis: true },
    { title: '状态', dataIndex: 'state', key: 'state', width: 100, render: (s: HardshipState, h: Hardship) => <Tag color={STATE_COLORS[s]}>{h.stateLabel}</Tag> },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, h: Hardship) => <RowActions actions={[{ key: 'flow', label: h.state === 'review' ? '办理' : '查看', onClick: () => setOpen(h) }]} />,
    },
  ]
  return (
    <>
      <CrudTable<Hardship>
        crud={crud}
        columns={columns}
        searchFields={[
          { name: 'blurry', label: '党员姓名' },
          { name: 'orgId', label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> },
          { name: 'state', label: '状态', type: 'select', options: [{ value: 'review', label: '待审批' }, { value: 'approved', label: '已批准' }, { value: 'rejected', label: '未批准' }] },
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
      {open && <FlowDrawer item={open} onClose={() => setOpen(null)} onDone={crud.reload} />}
    </>
  )
}
