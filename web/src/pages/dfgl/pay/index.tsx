import { PrinterOutlined } from '@ant-design/icons'
import { Button, Card, Drawer, Table, Tabs, Tag } from 'antd'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import FactList from '@/components/FactList'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import ReasonDialog from '@/components/ReasonDialog'
import { useHasPermission } from '@/components/Permission'
import { actionColumn, CrudTable, getFetcher, RowActions, useCrud } from '@/components/crud'
import { timeCell } from '@/components/format'
import { DUE_STATE_OPTIONS, FEE_API, paymentDetail, paymentOptions, refundPrepay, reverseEntry, yuan, yuanColumn, type Due, type Entry, type Payment, type Prepay } from '../batch/api'
import { dueColumns, dueSearch, useMonthDues } from '../batch/monthDues'

/** A month's members with their due, what is paid and the state (the scope's subtree), with its export. */
function DueList() {
  const canExport = useHasPermission([PERM.dfExport])
  const { month, crud, monthBar } = useMonthDues('dfgl-due')
  return (
    <>
      {monthBar}
      <CrudTable<Due>
        crud={crud}
        searchFields={[...dueSearch, { name: 'state', label: '状态', type: 'select', options: DUE_STATE_OPTIONS }]}
        columns={dueColumns}
        exportAction={canExport && month ? { url: `${FEE_API}/due/export`, fileName: `党费缴纳名单${month}.xlsx`, params: () => ({ month }) } : undefined}
        emptyText={month ? `${month} 暂无应缴记录` : '尚无启动缴费的月份'}
      />
    </>
  )
}

/** 冲正 and 退还预交 undo a payment: a red button, the reason below what it does. */
const REASON = { danger: true, vertical: true, width: 520 } as const

/** 退还预交: what is left of a prepayment goes back to the member (df:reverse). */
function RefundDialog({ prepay, onClose, onDone }: { prepay: Prepay; onClose: () => void; onDone: () => void }) {
  return (
    <ReasonDialog
      {...REASON}
      title={`退还预交：${prepay.month} 余额 ${yuan(prepay.leftFen)} 元`}
      okText="确定退还"
      label="退还原因"
      note={<p>{prepay.state === 'held' ? '该月份尚未启动缴费，退还后该月份可重新缴纳。' : '退还该笔预交抵扣后剩余的金额。'}</p>}
      send={(reason) => refundPrepay(prepay.id, reason)}
      successText="已退还"
      onClose={onClose}
      onDone={onDone}
    />
  )
}

const ENTRY_KIND: Record<Entry['kind'], string> = { pay: '缴费', reverse: '冲正', extra: '自愿多交', unextra: '多交冲正' }

/** A payment or an extra not reversed yet can be reversed. */
const reversible = (e: Entry) => (e.kind === 'pay' || e.kind === 'extra') && !e.reversed

function ReverseDialog({ entry, onClose, onDone }: { entry: Entry; onClose: () => void; onDone: () => void }) {
  return (
    <ReasonDialog
      {...REASON}
      title={`冲正：${entry.memberName} ${entry.month} ${yuan(entry.amountFen)} 元`}
      okText="确定冲正"
      label="冲正原因"
      note={<p>{`冲正将新增一笔金额为 -${yuan(entry.amountFen)} 元的记录，原记录保留；` +
        (entry.kind === 'extra' ? '该笔自愿多交不再计入实缴。' : '该月份恢复为未缴（由预交抵扣的，金额退回预交余额）。')}</p>}
      send={(reason) => reverseEntry(entry.id, reason)}
      successText="已冲正"
      onClose={onClose}
      onDone={onDone}
    />
  )
}

/** A payment with its entries; a pay entry not reversed yet can be reversed (df:reverse). */
function PaymentDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const canReverse = useHasPermission([PERM.dfReverse])
  const client = useQueryClient()
  const q = useQuery({ queryKey: ['dfgl', 'payment', id], queryFn: () => paymentDetail(id) })
  const [reversing, setReversing] = useState<Entry | null>(null)
  const [refunding, setRefunding] = useState<Prepay | null>(null)
  const p = q.data
  return (
    <Drawer
      open
      size={760}
      title={p ? `缴费记录 ${p.no}` : '缴费记录'}
      onClose={onClose}
      loading={q.isLoading}
      extra={
        p?.provider === 'onsite' && (
          <Button icon={<PrinterOutlined />} onClick={() => openPrintView('dfReceipt', { id: p.id })}>
            打印收据
          </Button>
        )
      }
    >
      {p && (
        <>
          <FactList
            column={2}
            facts={[
              [p.provider === 'onsite' ? '收据号' : '订单号', p.no],
              ['缴费途径', p.providerLabel],
              p.provider === 'onsite' && ['缴费方式', p.methodLabel || '未记录'],
              p.provider === 'onsite' && ['缴费日期', p.paidOn || '未记录'],
              p.provider === 'onsite' && ['收款人', p.operator || '未记录'],
              ['状态', p.stateLabel],
              ['金额（元）', yuan(p.amountFen)],
              (p.extraFen ?? 0) > 0 && ['自愿多交（元）', <>{yuan(p.extraFen ?? 0)} {p.toCentral && <Tag color="gold">上缴中央</Tag>}</>],
              (p.prepayFen ?? 0) > 0 && ['预交（元）', yuan(p.prepayFen ?? 0)],
              ['党组织', p.orgName],
              ['缴款人', p.payer || '—'],
              ['缴费时间', timeCell(p.paidAt)],
              ['平台交易号', p.platformTxn || '—'],
            ]}
          />
          <Table<Entry>
            style={{ marginTop: 16 }}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={p.entries}
            columns={[
              { title: '姓名', dataIndex: 'memberName', key: 'memberName' },
              { title: '月份', dataIndex: 'month', key: 'month', width: 90 },
              { title: '类型', dataIndex: 'kind', key: 'kind', width: 90, render: (k: Entry['kind']) => ENTRY_KIND[k] },
              yuanColumn('金额（元）', 'amountFen', { width: 100 }),
              { title: '状态', key: 'state', width: 80, render: (_: unknown, e) => (e.reversed ? <Tag color="red">已冲正</Tag> : <Tag color="green">有效</Tag>) },
              ...(canReverse ? [actionColumn<Entry>((e) => <RowActions actions={[{ key: 'reverse', label: '冲正', danger: true, hidden: !reversible(e), onClick: () => setReversing(e) }]} />, 80)] : []),
            ]}
          />
          {(p.prepays ?? []).length > 0 && (
            <Table<Prepay>
              style={{ marginTop: 16 }}
              rowKey="id"
              size="small"
              pagination={false}
              title={() => '预交月份'}
              dataSource={p.prepays}
              columns={[
                { title: '月份', dataIndex: 'month', key: 'month', width: 90 },
                yuanColumn('预交（元）', 'amountFen', { width: 100 }),
                yuanColumn('余额（元）', 'leftFen', { width: 100 }),
                { title: '状态', dataIndex: 'stateLabel', key: 'state', width: 90 },
                ...(canReverse ? [actionColumn<Prepay>((r) => <RowActions actions={[{ key: 'refund', label: '退还', danger: true, hidden: r.leftFen <= 0, onClick: () => setRefunding(r) }]} />, 80)] : []),
              ]}
            />
          )}
        </>
      )}
      {refunding && <RefundDialog prepay={refunding} onClose={() => setRefunding(null)} onDone={() => void client.invalidateQueries({ queryKey: ['dfgl', 'payment', id] })} />}
      {reversing && <ReverseDialog entry={reversing} onClose={() => setReversing(null)} onDone={() => void client.invalidateQueries({ queryKey: ['dfgl', 'payment', id] })} />}
    </Drawer>
  )
}

/** The payments of the scope: on-site receipts and online orders, newest first. */
function PaymentList() {
  const crud = useCrud<Payment>({ key: 'dfgl-payment', fetch: getFetcher<Payment>(`${FEE_API}/payment`) })
  const [open, setOpen] = useState<number | null>(null)
  // The providers and states are named by the server (演示支付 only while the sandbox is on).
  const options = useQuery({ queryKey: ['dfgl', 'payment', 'options'], queryFn: paymentOptions, staleTime: Infinity }).data
  return (
    <>
      <CrudTable<Payment>
        crud={crud}
        searchFields={[
          { name: 'no', label: '单号' },
          { name: 'provider', label: '途径', type: 'select', options: options?.providers ?? [] },
          { name: 'state', label: '状态', type: 'select', options: options?.states ?? [] },
          { name: 'central', label: '上缴中央', type: 'select', options: [{ value: 'true', label: '自愿多交1000元以上（上缴中央）' }] },
          { name: 'orgId', label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> },
        ]}
        columns={[
          { title: '单号', dataIndex: 'no', key: 'no', width: 210 },
          { title: '途径', dataIndex: 'providerLabel', key: 'provider', width: 110 },
          { title: '缴费方式', dataIndex: 'methodLabel', key: 'method', width: 90, render: (v: string | undefined) => v || '—' },
          { title: '缴费日期', dataIndex: 'paidOn', key: 'paidOn', width: 110, render: (v: string | undefined, p: Payment) => v || (p.provider === 'onsite' ? '未记录' : '—') },
          { title: '状态', dataIndex: 'stateLabel', key: 'state', width: 90 },
          yuanColumn('金额（元）', 'amountFen', { width: 110, sorter: true }),
          {
            title: '自愿多交（元）',
            dataIndex: 'extraFen',
            key: 'extraFen',
            width: 130,
            align: 'right' as const,
            render: (fen: number | undefined, p: Payment) =>
              fen ? (
                <>
                  {p.toCentral && <Tag color="gold">上缴中央</Tag>}
                  {yuan(fen)}
                </>
              ) : (
                '—'
              ),
          },
          { title: '党组织', dataIndex: 'orgName', key: 'orgName', ellipsis: true },
          { title: '缴款人', dataIndex: 'payer', key: 'payer', width: 110 },
          { title: '时间', dataIndex: 'createdAt', key: 'createTime', width: 170, sorter: true, render: timeCell },
          actionColumn<Payment>((p) => <RowActions actions={[{ key: 'detail', label: '详情', onClick: () => setOpen(p.id) }]} />, 80),
        ]}
      />
      {open !== null && <PaymentDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  )
}

/** 缴费管理: a month's dues of the scope (with its export) and the payments with their entries and reversals. */
export default function FeePayPage() {
  return (
    <Card variant="borderless">
      <Tabs
        items={[
          { key: 'dues', label: '月度缴费名单', children: <DueList /> },
          { key: 'payments', label: '缴费记录', children: <PaymentList /> },
        ]}
      />
    </Card>
  )
}
