import type { MineView } from '@/api/generated/appraisal'
import type { AttendedMeeting, OrgOption, PersonBrief, ShareInput, ShareState, ShareType, ShareView, ViewLog } from '@/api/generated/archive'
import type { MyFees } from '@/api/generated/fee'
import type { My as MyHours } from '@/api/generated/hours'
import type { Honour, MyPoints } from '@/api/generated/points'
import type { Mine as MyTransfers } from '@/api/generated/transfer'
import { get, post, type Page } from '@/api/request'
import type { Member } from '@/components/member/types'
import type { MyDevelopment } from '@/pages/list-home/myDevelopment/service'

/**
 * GET /api/archives/mine (archive.Record): the caller's own record across the modules, each section the
 * module's own "mine" read. Member is null for an account no member record is linked to; a section is
 * null when its module has nothing of the caller's (no development record, no fee account…).
 */
export interface ArchiveRecord {
  member: Member | null
  development: MyDevelopment | null
  transfers: MyTransfers | null
  fees: MyFees | null
  meetings: AttendedMeeting[]
  appraisal: MineView | null
  hours: MyHours | null
  points: MyPoints | null
  /** Approved 获得表彰 proposals, newest first. */
  honours: Honour[]
}

export const myArchive = () => get<ArchiveRecord>('/api/archives/mine')

/** The owner's files: the attachments of "the archive of account N" (system.AttachRoutes, owner only). */
export const archiveFilesApi = (userId: number) => `/api/archives/${userId}/attachments`

/** A role a share may name (system.RoleBrief). */
export interface RoleOption {
  id: number
  name: string
  holders: number
}

export const shareRoles = () => get<RoleOption[]>('/api/archives/shares/roles')

/** The organisations a share may name: the owner's own and those above it. */
export const shareOrgs = () => get<OrgOption[]>('/api/archives/shares/orgs')

/** People a share may name, by exact name or 工号 (学号); the server finds no fragment. */
export const findPeople = (q: string) => get<PersonBrief[]>('/api/archives/shares/people', { q }, { silent: true })

/** A found person as the picker lists them: the department tells two of one name apart. */
export const personLabel = (p: PersonBrief) => (p.dept ? `${p.name}（${p.dept}）` : p.name)

export const listShares = (page: number, size: number, filters: { state?: ShareState; fileId?: number } = {}) =>
  get<Page<ShareView>>('/api/archives/shares', { page, size, ...filters })

export const createShare = (body: ShareInput) => post<ShareView>('/api/archives/shares', body)
export const stopShare = (id: number) => post<ShareView>(`/api/archives/shares/${id}/stop`, {})
export const shareViews = (id: number, page: number, size: number) =>
  get<Page<ViewLog>>(`/api/archives/shares/${id}/views`, { page, size })

export type { ShareType, ShareView, ViewLog }
