// The 组织关系转接 API (routes under /api/zzgx; docs/transfer.md is the contract). Names follow the server's JSON.
import { get, post, type Page } from '@/api/request'
import { getFetcher, type CrudFetcher } from '@/components/crud'
import type { RemoteOption } from '@/components/RemoteSelect'
import {
  OPEN_STATES as GENERATED_OPEN_STATES,
  STATE_NAMES,
  STATES,
  SUB_KIND_NAMES,
  SUB_KINDS as GENERATED_SUB_KINDS,
  type Branch,
  type Kind,
  type Mine,
  type Outgoing,
  type Transfer,
  type TransferRecord,
} from '@/api/generated/transfer'

export const TRANSFER_API = '/api/zzgx'

// The kinds, sub-kinds, states and the API's JSON are the server's (zhdj gen: internal/transfer).
export {
  KIND_NAMES,
  type Kind,
  type Mine,
  type Outgoing,
  type ReachOption,
  type Transfer,
  type TransferLetter as Letter,
  type TransferRecord,
  type TransferState,
} from '@/api/generated/transfer'

/** Sub-kinds of 转出 and 出党; 停止党籍's are its cause (条例 第二十四条, required): the server's, as select options. */
export const SUB_KINDS: Partial<Record<Kind, { value: string; label: string }[]>> = Object.fromEntries(
  Object.entries(GENERATED_SUB_KINDS).map(([kind, subs]) => [kind, subs.map((value) => ({ value, label: SUB_KIND_NAMES[value] ?? value }))]),
)

/** States (transfer.State…) as select options, open ones first. */
export const STATE_OPTIONS = STATES.map((value) => ({ value, label: STATE_NAMES[value] }))

/** The states of a transfer under way (transfer.OpenStates). */
export const OPEN_STATES: ReadonlySet<string> = new Set(GENERATED_OPEN_STATES)

export const outgoing = (memberId?: number) => get<Outgoing>(`${TRANSFER_API}/outgoing`, memberId ? { memberId } : {})
export const mineOutgoing = () => get<Outgoing>(`${TRANSFER_API}/mine/outgoing`)

export const STATE_COLORS: Record<string, string> = { done: 'green', rejected: 'red', withdrawn: 'default', cancelled: 'default', returned: 'orange' }

/** Kinds carrying the person (no member of ours yet). */
export const PERSONAL: ReadonlySet<Kind> = new Set(['in', 'flow_in'])

/** The label of otherOrg per kind (required for these). */
export const OTHER_ORG: Partial<Record<Kind, string>> = {
  in: '原所在党组织',
  out: '转入党组织',
  abroad: '前往国家（地区）',
  flow_out: '流入地党组织',
  flow_in: '流出地党组织',
}

/** The label of happenedOn per kind (required for these). */
export const HAPPENED: Partial<Record<Kind, string>> = {
  abroad: '出国（境）日期',
  return: '回国日期',
  suspend: '停止党籍日期',
  lost: '失去联系日期',
  leave: '出党日期',
}

/** The member statuses (DY_ZT) a kind starts from: the member picker offers those. */
export const FROM_STATUS: Partial<Record<Kind, string[]>> = {
  return: ['1', '5'],
  suspend: ['1', '6'],
  leave: ['1', '5', '6'],
}

export const fetchTransfers: CrudFetcher<Transfer> = getFetcher<Transfer>(TRANSFER_API)

export const transferDetail = (id: number) => get<Transfer>(`${TRANSFER_API}/${id}`)

/** The workflow base of a kind (flow routes: base/{id}/flow …). */
export const flowBase = (kind: Kind) => `${TRANSFER_API}/${kind}`

export const createTransfer = (body: Record<string, unknown>) => post<TransferRecord>(TRANSFER_API, body)

export const withdrawTransfer = (id: number, version: number, comment = '') =>
  post<Transfer>(`${TRANSFER_API}/${id}/withdraw`, { version, comment })

export const cancelTransfer = (id: number, version: number, comment = '') => post<Transfer>(`${TRANSFER_API}/${id}/cancel`, { version, comment })

/** The receiving branches of 校内转接: every live branch of the school (GET /api/zzgx/branches). */
export const searchBranches = (text: string): Promise<RemoteOption[]> =>
  get<Branch[]>(`${TRANSFER_API}/branches`, text ? { blurry: text } : {}).then((rows) =>
    rows.map((b) => ({ value: b.id, label: b.parentName ? `${b.name}（${b.parentName}）` : b.name })),
  )

/** Members of the caller's scope for the picker, of the statuses the kind starts from. */
export const searchMembersFor = (kind: Kind, text: string): Promise<RemoteOption[]> =>
  get<Page<{ id: number; name: string; orgName: string }>>('/api/common/dyjbxx', {
    page: 0,
    size: 50,
    ...(text ? { blurry: text } : {}),
    ...(FROM_STATUS[kind] ? { memberStatus: FROM_STATUS[kind] } : {}),
  }).then((p) => p.content.map((m) => ({ value: m.id, label: `${m.name}（${m.orgName}）` })))

/** 我的组织关系 (GET /api/zzgx/mine). */
export const fetchMine = () => get<Mine>(`${TRANSFER_API}/mine`)
export const createMine = (body: Record<string, unknown>) => post<TransferRecord>(`${TRANSFER_API}/mine`, body)

/** Where a transfer opens (the page of its kind, with its detail). */
export const PAGE_OF: Record<Kind, string> = {
  in: 'in',
  out: 'out',
  inside: 'inside',
  abroad: 'abroad',
  return: 'abroad',
  flow_out: 'flow',
  flow_in: 'flow',
  suspend: 'suspend',
  lost: 'suspend',
  leave: 'leave',
}
export const transferPath = (t: Pick<Transfer, 'id' | 'kind'>) => `/zzgx/${PAGE_OF[t.kind]}?id=${t.id}`
