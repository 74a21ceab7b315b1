import { PrinterOutlined } from '@ant-design/icons'
import { Button, Card, List, Space, Tag, Typography } from 'antd'
import { LETTER_STATUS_LABELS } from '@/api/generated/transfer'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import { confirmAction } from '@/components/crud'
import { FlowRecordDrawer, type FlowRecord } from '@/components/flow'
import Permission from '@/components/Permission'
import { useSessionStore } from '@/stores/session'
import { cancelTransfer, flowBase, OPEN_STATES, STATE_COLORS, transferDetail, withdrawTransfer, type Letter, type Transfer } from './api'

/** The letter print view is the letters' (transfer/letter): /print/zzgxLetter?id=<letter id>. */
export const LETTER_PRINT = 'zzgxLetter'

/** The transfer's letters of introduction, each printable (the letters' print view). */
export function LetterList({ letters }: { letters: readonly Letter[] }) {
  if (!letters.length) return null
  return (
    <Card size="small" title="介绍信">
      <List
        size="small"
        dataSource={[...letters]}
        renderItem={(l) => (
          <List.Item
            actions={[
              <Button key="print" size="small" icon={<PrinterOutlined />} onClick={() => openPrintView(LETTER_PRINT, { id: l.id })}>
                打印
              </Button>,
            ]}
          >
            <Space>
              <span>第 {l.number} 号</span>
              <Typography.Text type="secondary">有效期至 {l.validUntil}</Typography.Text>
              <Tag>{LETTER_STATUS_LABELS[l.status] ?? l.status}</Tag>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  )
}

/**
 * One transfer: what it records, its letters, its workflow (history and, for who may act, the action), and 撤回 (the
 * starter) / 撤销 (zzgx:cancel) while it is under way.
 */
export default function TransferDrawer({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const me = useSessionStore((s) => s.user?.id ?? 0)
  const record: FlowRecord<Transfer> = {
    queryKey: ['zzgx'],
    fetch: transferDetail,
    base: (t) => flowBase(t.kind),
    onChanged,
    title: (t) => `${t.kindLabel} · ${t.name}`,
    facts: (t) => [
      ['类型', t.subKindLabel ? `${t.kindLabel}（${t.subKindLabel}）` : t.kindLabel],
      ['状态', <Tag color={STATE_COLORS[t.state] ?? 'processing'}>{t.stateLabel}</Tag>],
      ['姓名', t.name],
      ['身份证号码', t.idNumber || '—'],
      ['所在党组织', t.orgName],
      t.toOrgName && ['接收党支部', t.toOrgName],
      t.otherOrg && ['校外党组织', t.otherOrg],
      t.feesPaidUpTo && ['党费缴纳至', `${t.feesPaidUpTo}${t.feesFrom === 'fee' ? '（党费记录）' : ''}`],
      t.happenedOn && ['日期', t.happenedOn],
      t.reason && ['原因', t.reason],
      ['申请时间', t.createTime?.slice(0, 10)],
      t.doneOn && ['办结日期', t.doneOn],
      t.bySelf && ['发起', '党员本人申请'],
    ],
    actions: ({ record: t, flow, reload }) => {
      if (!OPEN_STATES.has(t.state)) return null
      const version = flow?.version ?? 0
      return (
        <>
          {t.startedBy === me && (
            <Button onClick={() => void confirmAction(`确定撤回「${t.name}」的${t.kindLabel}申请吗？`, () => withdrawTransfer(t.id, version), '已撤回').then((ok) => ok && reload())}>
              撤回申请
            </Button>
          )}
          <Permission need={[PERM.zzgxCancel]}>
            <Button danger onClick={() => void confirmAction(`确定撤销「${t.name}」的${t.kindLabel}吗？`, () => cancelTransfer(t.id, version), '已撤销', true).then((ok) => ok && reload())}>
              撤销
            </Button>
          </Permission>
        </>
      )
    },
    notes: ({ record: t }) => <LetterList letters={t.letters ?? []} />,
    action: ({ record: t }) => ({ uploadPerm: PERM.zzgxAdd, moduleName: `zzgx_${t.kind}` }),
    actorsOnly: true,
  }
  return <FlowRecordDrawer record={record} id={id} loadingTitle="组织关系转接" onClose={onClose} />
}
