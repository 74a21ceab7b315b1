import { useQuery } from '@tanstack/react-query'
import { Button, Tag, Typography, type TableColumnType } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import { actionColumn, confirmAction, CrudTable, RowActions, useCrud, type SearchField } from '@/components/crud'
import FactList from '@/components/FactList'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { DocumentDrawer } from '@/components/flow'
import { useHasPermission } from '@/components/Permission'
import { fetchLetters, getSettings, KINDS, letterDetail, letterDocxUrl, REACH, reissueLetter, STATUS, type Letter } from './api'
import { AcceptDialog, ReceiptDialog, SettingsDialog, VoidDialog } from './dialogs'

const downloadWord = (l: Pick<Letter, 'id' | 'number'>) =>
  downloadFile(letterDocxUrl(l.id), undefined, `介绍信${l.number}.docx`).catch(() => undefined)

const statusTag = (l: Letter) => <Tag color={STATUS[l.status]?.color}>{STATUS[l.status]?.label ?? l.status}</Tag>

type Dialog = { kind: 'accepted' | 'receipt' | 'void'; letter: Letter } | { kind: 'settings' } | null

/** What can be done to a letter in its state: the member taken in while valid, receipt and void while open, reissue once expired. */
function letterActions(l: Letter, open: (d: Dialog) => void, reissue: (l: Letter) => void) {
  const pending = l.status === 'issued' || l.status === 'expired' || l.status === 'accepted'
  return [
    ...(l.status === 'issued' ? [{ key: 'accepted', label: '登记接收', need: PERM.zzgxLetterEdit, onClick: () => open({ kind: 'accepted', letter: l }) }] : []),
    { key: 'print', label: '打印', need: PERM.zzgxLetterPrint, onClick: () => openPrintView('zzgxLetter', { id: l.id }) },
    { key: 'word', label: '下载 Word', need: PERM.zzgxLetterPrint, onClick: () => void downloadWord(l) },
    ...(pending ? [{ key: 'receipt', label: '登记回执', need: PERM.zzgxLetterEdit, onClick: () => open({ kind: 'receipt', letter: l }) }] : []),
    ...(l.status === 'expired' ? [{ key: 'reissue', label: '补开', need: PERM.zzgxLetterEdit, onClick: () => reissue(l) }] : []),
    ...(pending ? [{ key: 'void', label: '作废', danger: true, need: PERM.zzgxLetterEdit, onClick: () => open({ kind: 'void', letter: l }) }] : []),
  ]
}

/** One letter: what it prints, its validity and receipt. */
function LetterDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['zzgx', 'letter', id], queryFn: () => letterDetail(id) })
  const canPrint = useHasPermission([PERM.zzgxLetterPrint])
  const l = detail.data
  return (
    <DocumentDrawer
      title={l && `介绍信 ${l.number}`}
      loadingTitle="介绍信详情"
      loading={!l}
      outputs={l && canPrint && { view: 'zzgxLetter', params: { id: l.id }, word: () => void downloadWord(l) }}
      onClose={onClose}
    >
      {l && (
        <FactList
          column={{ xs: 1, sm: 2 }}
          bordered
          facts={[
            ['编号', l.number],
            ['状态', statusTag(l)],
            ['姓名', l.memberName],
            ['性别 / 年龄 / 民族', [l.gender, l.age ? `${l.age}岁` : '', l.ethnicity].filter(Boolean).join('，')],
            ['党员类别', l.partyStatus],
            ['公民身份号码', l.idNumber || '—'],
            ['转出党组织', l.fromOrgName],
            ['接收党组织', l.toOrgName],
            ['转接类型', `${KINDS[l.kind] ?? l.kind}（${REACH[l.reach] ?? l.reach}）`],
            ['党费缴纳至', l.feesPaidUpTo || '—'],
            ['开具日期', l.issuedOn],
            ['有效期', `${l.validDays} 天，至 ${l.validUntil}`],
            ['接收方接收', l.acceptedOn || '未登记'],
            ['回执', l.receivedOn ? `${l.receivedOn} 已退回` : l.receiptDueOn ? `应于 ${l.receiptDueOn} 前退回（接收后一个月内）` : '接收方接收后一个月内退回'],
            !!l.voidedOn && ['作废', `${l.voidedOn}：${l.voidReason}`],
            !!l.reissueOf && ['补开', '补开自已作废的介绍信'],
          ]}
        />
      )}
    </DocumentDrawer>
  )
}

/** 介绍信管理: the letters of the transfers the caller's organisations send or receive. */
export default function LetterPage() {
  const crud = useCrud<Letter>({ key: 'zzgx-letters', fetch: fetchLetters })
  const [params, setParams] = useSearchParams()
  const viewing = Number(params.get('id')) || null
  const view = (id: number | null) => setParams(id ? { id: String(id) } : {})
  const [dialog, setDialog] = useState<Dialog>(null)
  const canConfig = useHasPermission([PERM.zzgxLetterConfig])
  const settings = useQuery({ queryKey: ['zzgx', 'letter-settings'], queryFn: getSettings, enabled: canConfig })
  const reissue = (l: Letter) =>
    void confirmAction(`补开后，已过期的介绍信 ${l.number} 将作废，并以新编号重新开具。确定补开？`, () => reissueLetter(l.id), '已补开新的介绍信').then(
      (ok) => ok && crud.reload(),
    )
  const actions = (l: Letter) => letterActions(l, setDialog, reissue)
  const year = new Date().getFullYear()
  const searchFields: SearchField[] = [
    { name: 'blurry', label: '关键字', placeholder: '姓名、编号或党组织' },
    { name: 'year', label: '年度', type: 'select', options: [0, 1, 2, 3, 4].map((d) => ({ value: String(year - d), label: `${year - d}年` })) },
    { name: 'status', label: '状态', type: 'select', options: Object.entries(STATUS).map(([value, s]) => ({ value, label: s.label })) },
    { name: 'kind', label: '转接类型', type: 'select', options: ['out', 'inside'].map((value) => ({ value, label: KINDS[value] })) },
    { name: 'expiring', label: '即将到期', type: 'select', options: [7, 15, 30].map((d) => ({ value: String(d), label: `${d}天内到期` })) },
    { name: 'orgId', label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> },
  ]
  const columns: TableColumnType<Letter>[] = [
    { title: '编号', dataIndex: 'number', key: 'number', width: 110, fixed: 'left', sorter: true,
      render: (n: string, l) => <Typography.Link onClick={() => view(l.id)}>{n}</Typography.Link> },
    { title: '姓名', dataIndex: 'memberName', key: 'memberName', width: 90 },
    { title: '转接类型', dataIndex: 'kind', key: 'kind', width: 100, render: (k: string) => KINDS[k] ?? k },
    { title: '转出党组织', dataIndex: 'fromOrgName', key: 'fromOrgName', width: 180, ellipsis: true },
    { title: '接收党组织', dataIndex: 'toOrgName', key: 'toOrgName', width: 180, ellipsis: true },
    { title: '开具日期', dataIndex: 'issuedOn', key: 'issuedOn', width: 110, sorter: true },
    { title: '有效期至', dataIndex: 'validUntil', key: 'validUntil', width: 110, sorter: true },
    { title: '回执', dataIndex: 'receivedOn', key: 'receivedOn', width: 110, render: (d?: string) => d || '未退回' },
    { title: '状态', dataIndex: 'status', key: 'status', width: 90, render: (_: string, l) => statusTag(l) },
    actionColumn<Letter>((l) => {
      const all = [{ key: 'detail', label: '详情', onClick: () => view(l.id) }, ...actions(l)]
      return <RowActions actions={all.slice(0, 2)} more={all.slice(2)} />
    }, 170),
  ]
  const done = () => {
    setDialog(null)
    crud.reload()
  }
  return (
    <>
      <CrudTable<Letter>
        crud={crud}
        columns={columns}
        columnsKey="zzgx.letter"
        searchFields={searchFields}
        emptyText="暂无介绍信：组织关系转出、校内转接审批通过时开具"
        toolbar={
          canConfig && settings.data ? (
            <Button onClick={() => setDialog({ kind: 'settings' })}>介绍信设置</Button>
          ) : undefined
        }
      />
      {viewing !== null && <LetterDrawer id={viewing} onClose={() => view(null)} />}
      {dialog?.kind === 'accepted' && <AcceptDialog letter={dialog.letter} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'receipt' && <ReceiptDialog letter={dialog.letter} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'void' && <VoidDialog letter={dialog.letter} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'settings' && settings.data && (
        <SettingsDialog settings={settings.data} onClose={() => setDialog(null)} onDone={() => { setDialog(null); void settings.refetch() }} />
      )}
    </>
  )
}
