import { PrinterOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Descriptions, Drawer, List, Space, Spin, Tag, Typography } from 'antd'
import { LETTER_STATUS_LABELS } from '@/api/generated/transfer'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import { confirmAction } from '@/components/crud'
import { ActionPanel, flowFiles, getFlow, RecordTimeline, timelineProps } from '@/components/flow'
import Permission from '@/components/Permission'
import { useSessionStore } from '@/stores/session'
import { cancelTransfer, flowBase, OPEN_STATES, STATE_COLORS, transferDetail, withdrawTransfer, type Letter, type Transfer } from './api'


/** The letter print view is the letters' (transfer/letter): /print/zzgxLetter?id=<letter id>. */
export const LETTER_PRINT = 'zzgxLetter'

/** What a transfer records, as its detail lists it. */
export function TransferFacts({ t }: { t: Transfer }) {
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
      <Descriptions.Item label="类型">{t.subKindLabel ? `${t.kindLabel}（${t.subKindLabel}）` : t.kindLabel}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag color={STATE_COLORS[t.state] ?? 'processing'}>{t.stateLabel}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="姓名">{t.name}</Descriptions.Item>
      <Descriptions.Item label="身份证号码">{t.idNumber || '—'}</Descriptions.Item>
      <Descriptions.Item label="所在党组织">{t.orgName}</Descriptions.Item>
      {t.toOrgName && <Descriptions.Item label="接收党支部">{t.toOrgName}</Descriptions.Item>}
      {t.otherOrg && <Descriptions.Item label="校外党组织">{t.otherOrg}</Descriptions.Item>}
      {t.feesPaidUpTo && <Descriptions.Item label="党费缴纳至">{`${t.feesPaidUpTo}${t.feesFrom === 'fee' ? '（党费记录）' : ''}`}</Descriptions.Item>}
      {t.happenedOn && <Descriptions.Item label="日期">{t.happenedOn}</Descriptions.Item>}
      {t.reason && <Descriptions.Item label="原因">{t.reason}</Descriptions.Item>}
      <Descriptions.Item label="申请时间">{t.createTime?.slice(0, 10)}</Descriptions.Item>
      {t.doneOn && <Descriptions.Item label="办结日期">{t.doneOn}</Descriptions.Item>}
      {t.bySelf && <Descriptions.Item label="发起">党员本人申请</Descriptions.Item>}
    </Descriptions>
  )
}

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
  const detail = useQuery({ queryKey: ['zzgx', id], queryFn: () => transferDetail(id) })
  const t = detail.data
  const flow = useQuery({ queryKey: ['zzgx', id, 'flow', t?.kind], queryFn: () => getFlow(flowBase(t!.kind), id), enabled: !!t })
  const reload = () => {
    void detail.refetch()
    void flow.refetch()
    onChanged()
  }
  const open = !!t && OPEN_STATES.has(t.state)
  const version = flow.data?.version ?? 0

  return (
    <Drawer open size={760} title={t ? `${t.kindLabel} · ${t.name}` : '组织关系转接'} onClose={onClose} destroyOnHidden>
      {!t ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <TransferFacts t={t} />
          {open && (
            <Space wrap>
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
            </Space>
          )}
          <LetterList letters={t.letters ?? []} />
          {flow.data?.step && flow.data.mayAct && (
            <Card size="small" title="办理">
              <ActionPanel base={flowBase(t.kind)} id={t.id} view={flow.data} onDone={reload} onStale={reload} uploadPerm={PERM.zzgxAdd} moduleName={`zzgx_${t.kind}`} />
            </Card>
          )}
          <Card size="small" title="办理记录">{flow.data ? <RecordTimeline {...timelineProps(flow.data)} files={flowFiles(flowBase(t.kind), t.id)} /> : <Spin />}</Card>
        </Space>
      )}
    </Drawer>
  )
}
