import { downloadFile } from '@/api/file'
import type { Created, GroupRow, MemberRow, My, Offline, OfflineInput } from '@/api/generated/hours'
import { del, get, post, put, type Page } from '@/api/request'

/** 学时统计: xs:* in the caller's organisation scope; the member's own report under dx:learn. */
export const API = '/api/xssb'

export interface TableParams {
  page: number
  size: number
  year: number
  orgId?: number
  blurry?: string
  behind?: boolean
}

export interface OfflineParams {
  page: number
  size: number
  year?: number
  state?: number
  blurry?: string
}

export const memberTable = (q: TableParams) => get<Page<MemberRow>>(`${API}/members`, q)
export const branchTable = (q: TableParams) => get<Page<GroupRow>>(`${API}/branches`, q)
export const committeeTable = (q: TableParams) => get<Page<GroupRow>>(`${API}/committees`, q)

/** Streams a table's workbook with the same filters (no paging). */
export const exportTable = (level: 'members' | 'branches' | 'committees', q: Omit<TableParams, 'page' | 'size'>) =>
  downloadFile(`${API}/${level}/export`, q)

export const listOffline = (q: OfflineParams) => get<Page<Offline>>(`${API}/offline`, q)
export const createOffline = (body: OfflineInput) => post<Created>(`${API}/offline`, body)
export const updateOffline = (body: Omit<OfflineInput, 'memberIds'> & { id: number; updateTime: string }) => put<Offline>(`${API}/offline`, body)
export const deleteOffline = (ids: number[]) => del<void>(`${API}/offline`, ids)
export const approveOffline = (id: number) => post<void>(`${API}/offline/${id}/approve`)
export const rejectOffline = (id: number, reason: string) => post<Offline>(`${API}/offline/${id}/reject`, { reason })

/** The caller's own year (the personal report and the personal home page read year/target/online/offline/total/met). */
export const myHours = (year: number) => get<My>(`${API}/my`, { year })

interface PickedMember {
  id: number
  name: string
  orgName: string
}

/** Members in normal status of the caller's scope matching a name (the common member picker). */
export const searchMembers = (blurry: string) =>
  get<Page<PickedMember>>('/api/common/dyjbxx', { page: 0, size: 20, blurry: blurry || undefined })
    .then((p) => p.content.map((m) => ({ value: m.id, label: `${m.name}（${m.orgName}）` })))
