import { Button, Space, Tag } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { PERM } from '@/api/permissions'
import { defineResource, filterField, ResourcePage, type Field } from '@/components/crud'
import { nameColumn } from '@/components/flow/nameColumn'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import Permission from '@/components/Permission'
import { fetchTransfers, KIND_NAMES, STATE_COLORS, STATE_OPTIONS, type Kind, type Transfer } from './api'
import ChainsDrawer from './ChainsDrawer'
import CreateDialog from './CreateDialog'
import TransferDrawer from './TransferDrawer'

/** The kind's own column: the organisation outside the school, the receiving branch, or the date of the fact. */
function otherField(kinds: readonly Kind[]): Field<Transfer> {
  if (kinds.includes('inside')) return { name: 'toOrgName', label: '接收党支部', width: 200 }
  if (kinds.some((k) => k === 'suspend' || k === 'lost' || k === 'leave' || k === 'return')) return { name: 'happenedOn', label: '日期', type: 'date', width: 120 }
  return { name: 'otherOrg', label: '校外党组织', width: 200 }
}

/**
 * The transfers of one page's kinds (校外转入, 转出, 校内转接 …): search by name, state, organisation and date; export;
 * 发起 per kind; the detail (with its workflow) opens in a drawer, also from a to-do's link (?id=).
 */
export default function TransferList({ kinds, title }: { kinds: readonly Kind[]; title: string }) {
  const [params, setParams] = useSearchParams()
  const opened = Number(params.get('id')) || null
  const [creating, setCreating] = useState<Kind | null>(null)
  const [chains, setChains] = useState(false)
  const open = (id: number | null) => {
    const next = new URLSearchParams(params)
    if (id) next.set('id', String(id))
    else next.delete('id')
    setParams(next, { replace: true })
  }
  // The kinds chosen in the search (a page of several), else all the page's.
  const kindOf = (filters: Record<string, unknown>) => filters.kind || [...kinds]
  const resource = defineResource<Transfer>({
    key: `zzgx-${kinds.join('-')}`,
    columnsKey: `zzgx.${kinds.join('-')}`,
    noun: `${title}记录`,
    api: { fetch: (q) => fetchTransfers({ ...q, filters: { ...q.filters, kind: kindOf(q.filters) } }) },
    keyword: '姓名或校外党组织',
    permissions: { export: PERM.zzgxExport },
    export: { url: '/api/zzgx/export', fileName: `${title}.xlsx`, params: (q) => ({ kind: kindOf(q.filters) }) },
    emptyText: `暂无${title}记录`,
    noMatchText: `没有符合条件的${title}记录`,
    searchVisible: 3,
    fields: [
      { name: 'name', label: '姓名', column: nameColumn<Transfer>((r) => open(r.id)) },
      {
        name: 'kind',
        label: '类型',
        type: 'select',
        options: kinds.map((k) => ({ value: k, label: KIND_NAMES[k] })),
        display: 'kindLabel',
        width: 130,
        search: kinds.length > 1 && { single: true },
        render: (l: string, r: Transfer) => (r.subKindLabel ? `${l}（${r.subKindLabel}）` : l),
      },
      filterField('state', '状态', {}, 'select', { options: STATE_OPTIONS }),
      { name: 'orgId', label: '所在党组织', display: 'orgName', type: 'custom', width: 200, search: { label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> } },
      otherField(kinds),
      { name: 'stateLabel', label: '状态', width: 150, column: { ellipsis: false }, render: (l: string, r: Transfer) => <Tag color={STATE_COLORS[r.state] ?? 'processing'}>{l}</Tag> },
      { name: 'createTime', label: '申请时间', type: 'date', width: 120, column: { sorter: true }, search: { label: '申请日期', range: true }, render: (t: string) => t?.slice(0, 10) },
      { name: 'doneOn', label: '办结日期', type: 'date', width: 120, column: { sorter: true } },
    ],
  })

  return (
    <ResourcePage<Transfer>
      resource={resource}
      rowActions={(r) => [{ key: 'detail', label: '详情', onClick: () => open(r.id) }]}
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
      dialogs={({ crud }) => (
        <>
          {creating && <CreateDialog kind={creating} onClose={() => setCreating(null)} onDone={crud.reload} />}
          {chains && <ChainsDrawer kinds={kinds} onClose={() => setChains(false)} />}
          {opened && <TransferDrawer id={opened} onClose={() => open(null)} onChanged={crud.reload} />}
        </>
      )}
    />
  )
}
