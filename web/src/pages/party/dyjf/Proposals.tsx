import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Empty, Modal, Select, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import { PROPOSAL_STATE_NAMES, PROPOSAL_STATES, type Proposal, type ProposalState } from '@/api/generated/points'
import { PERM } from '@/api/permissions'
import RecordAttachments from '@/components/flow/RecordAttachments'
import { useHasPermission } from '@/components/Permission'
import { serverPager } from '@/components/pagerTotal'
import { evidenceApi, listProposals, PAGE_SIZE } from './api'
import DecideDialog from './DecideDialog'
import ProposeDialog from './ProposeDialog'

const STATE_COLORS: Record<ProposalState, string> = { pending: 'processing', approved: 'success', rejected: 'error' }

/** The evidence of a proposal: its proposer adds and removes files while it waits; afterwards everyone reads them. */
function EvidenceDialog({ proposal: p, onClose }: { proposal: Proposal; onClose: () => void }) {
  return (
    <Modal open title={`证明材料：${p.memberName} ${p.kindName}`} footer={null} onCancel={onClose} width={640}>
      <RecordAttachments api={evidenceApi(p.id)} editPerm={PERM.jfPropose} readOnly={p.state !== 'pending'} emptyText="未上传证明材料" />
    </Modal>
  )
}

/** 积分申报: the proposals of the scope; a branch proposes (jf:propose), a 二级党委 decides (jf:approve). */
export default function Proposals() {
  const canPropose = useHasPermission([PERM.jfPropose])
  const canApprove = useHasPermission([PERM.jfApprove])
  const client = useQueryClient()
  const [state, setState] = useState<ProposalState>()
  const [page, setPage] = useState(1)
  const [proposing, setProposing] = useState(false)
  const [deciding, setDeciding] = useState<Proposal>()
  const [evidence, setEvidence] = useState<Proposal>()
  const q = useQuery({ queryKey: ['jf', 'manual', state, page], placeholderData: keepPreviousData, queryFn: () => listProposals(page - 1, state) })
  const reload = () => void client.invalidateQueries({ queryKey: ['jf'] })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 140 }} value={state} onChange={(v) => { setState(v); setPage(1) }}
          options={PROPOSAL_STATES.map((s) => ({ value: s, label: PROPOSAL_STATE_NAMES[s] }))} />
        {canPropose && <Button type="primary" onClick={() => setProposing(true)}>申报积分</Button>}
      </Space>
      <Table<Proposal>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content ?? []}
        locale={{ emptyText: <Empty description="暂无积分申报：支部可为党员申报志愿服务、获得表彰等积分，由二级党委审核" /> }}
        pagination={serverPager(page, setPage, PAGE_SIZE, q.data, { unit: '条' })}
        columns={[
          { title: '党员', dataIndex: 'memberName', width: 90 },
          { title: '党组织', dataIndex: 'orgName' },
          { title: '类别', dataIndex: 'kindName', width: 90 },
          { title: '积分', dataIndex: 'points', width: 60 },
          { title: '事由', dataIndex: 'reason' },
          { title: '发生日期', dataIndex: 'earnedOn', width: 110 },
          { title: '申报人', dataIndex: 'proposedBy', width: 100 },
          { title: '状态', dataIndex: 'state', width: 90, render: (s: ProposalState) => <Tag color={STATE_COLORS[s]}>{PROPOSAL_STATE_NAMES[s]}</Tag> },
          { title: '审核意见', dataIndex: 'remark', render: (t: string, r) => (r.decidedBy ? `${t || '同意'}（${r.decidedBy}）` : '') },
          { title: '操作', width: 150, render: (_, r) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setEvidence(r)}>证明材料</Button>
              {canApprove && r.state === 'pending' && <Button type="link" size="small" onClick={() => setDeciding(r)}>审核</Button>}
            </Space>
          ) },
        ]}
      />
      {proposing && <ProposeDialog onClose={() => setProposing(false)} onDone={(p) => { reload(); setEvidence(p) }} />}
      {deciding && <DecideDialog proposal={deciding} onClose={() => setDeciding(undefined)} onDone={reload} />}
      {evidence && <EvidenceDialog proposal={evidence} onClose={() => setEvidence(undefined)} />}
    </>
  )
}
