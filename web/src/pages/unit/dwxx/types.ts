/** A unit as GET /api/dwxx and /api/dwxx/{id} answer it (a department with its information). */
export interface Unit {
  id: number
  pid: number | null
  parentName: string
  name: string
  sort: number
  code: string
  shortName: string
  type: string
  typeLabel: string
  leaderName: string
  contactPhone: string
  dzzId: number | null
  dzzName: string
  foundedOn: string | null
  status: string
  statusLabel: string
  revokedOn: string | null
  remark: string
  enabled: boolean
  /** false: a department whose unit information is not filled in yet. */
  hasInfo: boolean
  createTime: string
  updateTime: string
  children?: Unit[]
}

/** Body of create and update (dates "YYYY-MM-DD"). */
export interface UnitBody {
  id?: number
  pid: number | null
  name: string
  sort?: number
  code: string
  shortName?: string
  type: string
  leaderName?: string
  contactPhone?: string
  dzzId: number | null
  foundedOn?: string
  remark?: string
}

/** A leadership team (领导班子) of a unit. */
export interface Team {
  id: number
  unitId: number
  name: string
  kind: string
  kindLabel: string
  sort: number
}

export type TeamBody = Pick<Team, 'name' | 'kind' | 'sort'> & { id?: number }

export const UNIT_STATUS_NORMAL = '1'
export const UNIT_STATUS_REVOKED = '2'

/** A member of a leadership team (/api/ldbzcy). */
export interface TeamMember {
  id: number
  teamId: number
  teamName: string
  unitId: number
  teacherId: number
  teacherName: string
  staffNo: string
  post: string
  postLabel: string
  since: string
  until: string
  sort: number
}
