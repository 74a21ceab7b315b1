import { useQuery } from '@tanstack/react-query'
import { get, type Page } from '@/api/request'

/** An organisation of GET /api/common/dzz (any signed-in user; the caller's organisation scope). */
export interface OrgPickerItem {
  id: number
  pid: number | null
  name: string
  shortName: string
  type: string
  typeLabel: string
  parentName: string
  children?: OrgPickerItem[]
}

/** Status filter of the picker: 1 正常 (the server's default), 2 撤销, '' both. */
export type OrgStatus = '1' | '2' | ''

/** The server's page limit: enough for every organisation of a university. */
const ALL = 10000

/**
 * Silent: a picker inside a form of another page (a user's 所在党组织) must not replace that page when the
 * caller's own account has no organisation (403 NO_ANCHOR); it just offers none. Party pages say why from
 * their own lists.
 */
export const orgPickerList = (status: OrgStatus = '1') =>
  get<Page<OrgPickerItem>>('/api/common/dzz', { page: 0, size: ALL, sort: 'sort,asc', ...(status ? { status } : { status: '' }) }, { silent: true }).then(
    (p) => p.content,
  )

/**
 * The flat picker rows as a tree: an organisation whose parent is outside the caller's scope
 * becomes a root, so a branch secretary sees their own branch at the top.
 */
export function orgForest(rows: readonly OrgPickerItem[]): OrgPickerItem[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as OrgPickerItem[] }]))
  const roots: OrgPickerItem[] = []
  for (const n of byId.values()) {
    const parent = n.pid !== null ? byId.get(n.pid) : undefined
    if (parent) parent.children!.push(n)
    else roots.push(n)
  }
  return roots
}

export function useOrgForest(status: OrgStatus = '1') {
  return useQuery({ queryKey: ['dzz', 'picker', status], queryFn: () => orgPickerList(status).then(orgForest), staleTime: 60_000 })
}

/** Where an organisation opens from other pages (trails, the home page, the top bar's 预警): the tree with its detail drawer open. */
export const orgPath = (id: number) => `/party/dzz?id=${id}`

/** A rule of RULES.md §4 an organisation breaks now (org.Warnings on the server). */
export interface OrgWarning {
  orgId: number
  orgName: string
  rule: string
  level: 'warning' | 'error'
  message: string
}
