import { Button, Drawer, Tag, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { BATCH_STATE_LABELS } from '@/api/generated/fee'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import { actionColumn, confirmAction, CrudTable, getFetcher, RowActions, useCrud } from '@/components/crud'
import ReportTable from '@/components/report/ReportTable'
import { timeCell } from '@/components/format'
import { BATCH_STATE_COLORS, bpRate, RATE_BY_AMOUNT, RATE_BY_PEOPLE, deleteBatch, FEE_API, rollup, settleBatch, startBatch, yuan, yuanColumn, type Batch, type Rollup } from './api'
import CreateBatchDialog from './CreateBatchDialog'

/** 收缴率（按人数）: members paid in full (or owing nothing) of all; '—' for none. */
export const rate = (paid: number, members: number) => (members === 0 ? '—' : `${((paid * 100) / members).toFixed(1)}%`)

/** 收缴率（按金额）: paid of due, in basis points rounded down as the server's rateBp; 100% when nothing is due. */
export const amountRate = (paidFen: number, dueFen: number) => bpRate(dueFen <= 0 ? 10000 : Math.floor((paidFen * 10000) / dueFen))

/** A batch's roll-up: 二级党委 lines (and the 党委's own 直属 branches); a line opens its branches. */
function RollupDrawer({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const [committee, setCommittee] = useState<Rollup | null>(null)
  const q = useQuery({
    queryKey: ['dfgl', 'rollup', batch.id, committee?.orgId ?? 0],
    queryFn: () => (committee ? rollup(batch.id, 'branch', committee.orgId) : rollup(batch.id, 'committee')),
  })
  const rows = q.data ?? []
  const sum = (key: 'members' | 'paid' | 'dueFen' | 'paidFen') => rows.reduce((n, r) => n + r[key], 0)
  const total = { orgId: 0, orgName: '', members: sum('members'), paid: sum('paid'), dueFen: sum('dueFen'), paidFen: sum('paidFen') }
  return (
    <Drawer open size={760} title={`${batch.month} 党费收缴汇总${committee ? `：${committee.orgName}` : ''}`} onClose={onClose}>
      {committee && (
        <Button style={{ marginBottom: 12 }} onClick={() => setCommittee(null)}>
          返回各二级党委
        </Button>
      )}
      <ReportTable<Rollup>
        rowKey="orgId"
        bordered={false}
        loading={q.isLoading}
        rows={rows}
        pagination={false}
        total={rows.length > 1 ? total : null}
        columns={[
          {
            key: 'orgName',
            title: '党组织',
            lead: true,
            cell: (r) => (committee ? r.orgName : <Typography.Link onClick={() => setCommittee(r)}>{r.orgName}</Typography.Link>),
          },
          { key: 'members', title: '应缴人数', width: 90, cell: (r) => r.members, total: (t) => t.members },
          { key: 'paid', title: '已缴人数', width: 90, cell: (r) => r.paid, total: (t) => t.paid },
          { key: 'dueFen', title: '应缴（元）', width: 110, align: 'right', cell: (r) => yuan(r.dueFen), total: (t) => yuan(t.dueFen) },
          { key: 'paidFen', title: '实缴（元）', width: 110, align: 'right', cell: (r) => yuan(r.paidFen), total: (t) => yuan(t.paidFen) },
          { key: 'rate', title: RATE_BY_PEOPLE, width: 90, cell: (r) => rate(r.paid, r.members), total: (t) => rate(t.paid, t.members) },
          { key: 'amountRate', title: RATE_BY_AMOUNT, width: 90, cell: (r) => amountRate(r.paidFen, r.dueFen), total: (t) => amountRate(t.paidFen, t.dueFen) },
        ]}
      />
    </Drawer>
  )
}

/**
 * 党费批次管理: a batch per month, 创建 → 启动缴费 (every member's due of the month frozen in their
 * organisation then) → 已结算 (the month locked; corrections are reversals). The organisation department
 * runs them; everyone with the list sees each month's figures and the roll-up of their own scope.
 */
export default function FeeBatchPage() {
  const canRun = useHasPermission([PERM.dfBatch])
  const crud = useCrud<Batch>({ key: 'dfgl-batch', fetch: getFetcher<Batch>(`${FEE_API}/batch`) })
  const [creating, setCreating] = useState(false)
  const [viewing, setViewing] = useState<Batch | null>(null)
  const act = (b: Batch, what: 'start' | 'settle') =>
    void confirmAction(
      what === 'start'
        ? `确定启动 ${b.month} 的党费收缴吗？启动时将按当前党员所在党组织和党费标准冻结每人当月应缴金额。`
        : `确定结算 ${b.month} 的党费吗？结算后该月数据锁定，更正只能通过冲正。`,
      () => (what === 'start' ? startBatch(b.id) : settleBatch(b.id)),
      what === 'start' ? '已启动缴费' : '已结算',
    ).then((ok) => ok && crud.reload())
  const remove = (b: Batch) =>
    void confirmAction(`确定删除 ${b.month} 的党费批次吗？该批次尚未启动缴费，删除后可重新创建。`, () => deleteBatch(b.id), '批次已删除', true).then(
      (ok) => ok && crud.reload(),
    )
  return (
    <>
      <CrudTable<Batch>
        crud={crud}
        emptyText="尚未创建党费批次：按月份「新建批次」后启动收缴"
        searchFields={[
          { name: 'state', label: '状态', type: 'select', options: Object.entries(BATCH_STATE_LABELS).map(([value, label]) => ({ value, label })) },
        ]}
        toolbar={
          canRun && (
            <Button type="primary" onClick={() => setCreating(true)}>
              新建批次
            </Button>
          )
        }
        columns={[
          { title: '月份', dataIndex: 'month', key: 'month', width: 100, sorter: true },
          { title: '状态', dataIndex: 'stateLabel', key: 'state', width: 100, render: (l: string, b) => <Tag color={BATCH_STATE_COLORS[b.state]}>{l}</Tag> },
          { title: '应缴人数', dataIndex: ['scope', 'members'], key: 'members', width: 90 },
          { title: '未缴人数', dataIndex: ['scope', 'unpaidMonths'], key: 'unpaid', width: 90 },
          yuanColumn('应缴（元）', ['scope', 'dueFen'], { width: 110 }),
          yuanColumn('实缴（元）', ['scope', 'paidFen'], { width: 110 }),
          yuanColumn('欠缴（元）', ['scope', 'outstandingFen'], { width: 110 }),
          { title: RATE_BY_AMOUNT, dataIndex: ['scope', 'rateBp'], key: 'rateBp', width: 100, render: (bp: number, b) => (b.state === 'created' ? '—' : bpRate(bp)) },
          {
            title: RATE_BY_PEOPLE,
            dataIndex: ['scope', 'peopleRateBp'],
            key: 'peopleRateBp',
            width: 100,
            render: (bp: number, b) => (b.state === 'created' ? '—' : bpRate(bp)),
          },
          { title: '启动时间', dataIndex: 'startedAt', key: 'startedAt', width: 170, render: timeCell },
          { title: '结算时间', dataIndex: 'settledAt', key: 'settledAt', width: 170, render: timeCell },
          { title: '补建原因', dataIndex: 'reason', key: 'reason', width: 160, ellipsis: true, render: (r: string) => r || '—' },
          { title: '备注', dataIndex: 'remark', key: 'remark', ellipsis: true },
          actionColumn<Batch>(
            (b) => (
              <RowActions
                actions={[
                  { key: 'rollup', label: '汇总', hidden: b.state === 'created', onClick: () => setViewing(b) },
                  { key: 'start', label: '启动缴费', hidden: !canRun || b.state !== 'created', onClick: () => act(b, 'start') },
                  { key: 'del', label: '删除', danger: true, hidden: !canRun || b.state !== 'created', onClick: () => remove(b) },
                  { key: 'settle', label: '结算', danger: true, hidden: !canRun || b.state !== 'open', onClick: () => act(b, 'settle') },
                ]}
              />
            ),
            200,
          ),
        ]}
      />
      {creating && <CreateBatchDialog onClose={() => setCreating(false)} onDone={crud.reload} />}
      {viewing && <RollupDrawer batch={viewing} onClose={() => setViewing(null)} />}
    </>
  )
}
