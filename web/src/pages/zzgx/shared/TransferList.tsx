import { Button, Space, Tag, type TableColumnType } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { PERM } from '@/api/permissions'
import { actionColumn, CrudTable, RowActions, useCrud, type SearchField } from '@/components/crud'
import { nameColumn } from '@/components/flow/nameColumn'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import Permission, { useHasPermission } from '@/components/Permission'
import { fetchTransfers, KIND_NAMES, STATE_COLORS, STATE_OPTIONS, type Kind, type Transfer } from './api'
import ChainsDrawer from './ChainsDrawer'
import CreateDialog from './CreateDialog'
import TransferDrawer from './TransferDrawer'

/** The kind's own column: the organisation outside the school, the receiving branch, or the date of the fact. */
function otherColumn(kinds: readonly Kind[]): TableColumnType<Transfer> {
  if (kinds.includes('inside')) return { title: '接收党支部', dataIndex: 'toOrgName', key: 'toOrgName', width: 200, ellipsis: true }
  if (kinds.some((k) => k === 'suspend' || k === 'lost' || k === 'leave' || k === 'return'))
    return { title: '日期', dataIndex: 'happenedOn', key: 'happenedOn', width: 120 }
  return { title: '校外党组织', dataIndex: 'otherOrg', key: 'otherOrg', width: 200, ellipsis: true }
}

/**
 * The transfers of one page's kinds (校外转入, 转出, 校内转接 …): search by name, state, organisation and date; export;
 * 发起 per kind; the detail (with its workflow) opens in a drawer, also from a to-do's link (?id=).
 */
export default function TransferList({ kinds, title }: { kinds: readonly Kind[]; title: string }) {
  const [params, setParams] = useSearchParams()
  const opened = Number(params.get('id')) || null
  const crud = useCrud<Transfer>({
    key: `zzgx-${kinds.join('-')}`,
    fetch: (q) => fetchTransfers({ ...q, filters: { kind: q.filters.kind || [...kinds], ...withoutKind(q.filters) } }),
  })
  const [creating, setCreating] = useState<Kind | null>(null)
  const [chains, setChains] = useState(false)
  const canExport = useHasPermission([PERM.zzgxExport])
  const open = (id: number | null) => {
    const next = new URLSearchParams(params)
    if (id) next.set('id', String(id))
    else next.delete('id')
    setParams(next, { replace: true })
  }

  const searchFields: SearchField[] = [
    { name: 'blurry', label: '关键字', placeholder: '姓名或校外党组织' },
    ...(kinds.length > 1 ? [{ name: 'kind', label: '类型', type: 'select' as const, options: kinds.map((k) => ({ value: k, label: KIND_NAMES[k] })) }] : []),
    { name: 'state', label: '状态', type: 'multiSelect', options: STATE_OPTIONS },
    { name: 'orgId', label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> },
    { name: 'createTime', label: '申请日期', type: 'dateRange' },
  ]

  const columns: TableColumnType<Transfer>[] = [
    nameColumn<Transfer>((r) => open(r.id)),
    { title: '类型', dataIndex: 'kindLabel', key: 'kindLabel', width: 130, render: (l: string, r) => (r.subKindLabel ? `${l}（${r.subKindLabel}）` : l) },
    { title: '所在党组织', dataIndex: 'orgName', key: 'orgName', width: 200, ellipsis: true },
    otherColumn(kinds),
    {
      title: '状态',
      dataIndex: 'stateLabel',
      key: 'stateLabel',
      width: 150,
      render: (l: string, r) => <Tag color={STATE_COLORS[r.state] ?? 'processing'}>{l}</Tag>,
    },
    { title: '申请时间', dataIndex: 'createTime', key: 'createTime', width: 120, sorter: true, render: (t: string) => t?.slice(0, 10) },
    { title: '办结日期', dataIndex: 'doneOn', key: 'doneOn', width: 120, sorter: true },
    actionColumn<Transfer>((r) => <RowActions actions={[{ key: 'detail', label: '详情', onClick: () => open(r.id) }]} />, 80),
  ]

  return (
    <>
      <CrudTable<Transfer>
        crud={crud}
        columns={columns}
        columnsKey={`zzgx.${kinds.join('-')}`}
        searchFields={searchFields}
        searchVisible={3}
        emptyText={`暂无${title}记录`}
        noMatchText={`没有符合条件的${title}记录`}
        exportAction={canExport ? { url: '/api/zzgx/export', fileName: `${title}.xlsx`, params: () => ({ kind: crud.query.filters.kind || [...kinds] }) } : undefined}
        toolbar={
          <Space wrap>
            <Permission need={[PERM.zzgxAdd]}>
              {kinds.map((k) => (
                <Button key={k} type="primary" onClick={() => setCreating(k)}>
                  发起{KIND_NAMES[k]}
                </Button>
              ))}
            </Permission>
            <Permission need={[PERM.zzgxChain]}>
              <Button onClick={() => setChains(true)}>审批链</Button>
            </Permission>
          </Space>
        }
      />
      {creating && <CreateDialog kind={creating} onClose={() => setCreating(null)} onDone={crud.reload} />}
      {chains && <ChainsDrawer kinds={kinds} onClose={() => setChains(false)} />}
      {opened && <TransferDrawer id={opened} onClose={() => open(null)} onChanged={crud.reload} />}
    </>
  )
}

function withoutKind(filters: Record<string, unknown>): Record<string, unknown> {
  const { kind: _kind, ...rest } = filters
  return rest
}
