import { get, post, put, type Page } from '@/api/request'
import { ui } from '@/app/bridge'
import { deleter, getFetcher, type CrudFetcher } from '@/components/crud'
import type { RemoteOption } from '@/components/RemoteSelect'
import type { TrailEntry } from '@/components/trail/ChangeTrail'
import type { Member } from './types'

export const fetchMembers: CrudFetcher<Member> = getFetcher<Member>('/api/dyjbxx')

/** One member; unmask shows the ID number and phone in clear (dy:unmask, logged by the server). */
export const memberDetail = (id: number, unmask = false) => get<Member>(`/api/dyjbxx/${id}`, unmask ? { unmask: true } : undefined)

/** A saved member may break a rule the server only warns about (RULES.md): show it. */
const warn = (saved: Member | undefined) => {
  if (saved?.warnings?.length) ui.notification.warning({ title: '请注意', description: saved.warnings.join('；') })
  return saved
}

export const createMember = (body: Record<string, unknown>) => post<Member>('/api/dyjbxx', body).then(warn)
/** Fields left out keep their value; a masked ID number or phone sent back unchanged keeps its value too. */
export const updateMember = (body: Record<string, unknown>) => put<Member>('/api/dyjbxx', body).then(warn)
export const deleteMembers = deleter('/api/dyjbxx')

export const memberTrail = (id: number, page: number, size: number) => get<Page<TrailEntry>>(`/api/dyjbxx/${id}/trail`, { page, size })
export const restoreMember = (trailId: number) => post<Member>('/api/dyjbxx/trail/restore', { trailId })

/** Members of the person picker (GET /api/common/dyjbxx: the caller's scope, normal status), of an organisation with those below it. */
export const searchMembers = (text: string, subtreeOf?: number): Promise<RemoteOption[]> =>
  get<Page<{ id: number; name: string; orgName: string }>>('/api/common/dyjbxx', {
    page: 0,
    size: 50,
    ...(text ? { blurry: text } : {}),
    ...(subtreeOf ? { subtreeOf } : {}),
  }).then((p) => p.content.map((m) => ({ value: m.id, label: `${m.name}（${m.orgName}）` })))

export const MEMBER_EXPORT_URL = '/api/dyjbxx/export'

/** Where a member's detail lives (a named route of the spec). */
export const memberDetailPath = (id: number) => `/dyjbxx/detail?id=${id}`

/** A member's attachment API (its papers and, as kind `photo`, its 证件照). */
export const memberAttachmentsApi = (id: number) => `/api/dyjbxx/${id}/attachments`

/** The attachment kind of a member's 证件照 (internal/member KindPhoto): jpg or png up to 2 MB, one at a time. */
export const PHOTO_KIND = 'photo'
export const PHOTO_MAX_BYTES = 2 << 20
