import type { OrgWarning } from '@/components/org/org'

/** A rule of RULES.md §4 an organisation breaks (shared with the home page and the top bar). */
export type { OrgWarning }

/** What every view of an organisation carries: where it stands in the tree and what kind it is. */
interface OrgIdentity {
  id: number
  pid: number | null
  code: string
  name: string
  type: string
  typeLabel: string
  category: string
}

/** Members of an organisation: its own, its own full members, and with all below it. */
interface OrgCounts {
  memberCount: number
  fullCount: number
  totalCount: number
}

/** A node of GET /api/dzzxx/buildtree: the caller's organisations with member counts. */
export interface OrgNode extends OrgIdentity, OrgCounts {
  shortName: string
  status: string
  sort: number
  children?: OrgNode[]
}

/** An organisation as GET /api/dzzxx/{id} answers it. */
export interface OrgDetail extends OrgIdentity, OrgCounts {
  shortName: string
  categoryLabel: string
  unitDeptId: number | null
  unitName: string
  foundedOn: string | null
  secretaryName: string
  committee: string[]
  /** The members chosen as 书记 and 委员 (设置书记/委员); the names above are their snapshot. */
  secretaryMemberId: number | null
  committeeMemberIds: number[]
  termStart: string | null
  termYears: number
  termEnd: string | null
  contactPhone: string
  status: string
  statusLabel: string
  revokedOn: string | null
  sort: number
  parentName: string
  createTime: string
  updateTime: string
  ancestors: { id: number; name: string }[]
  childCount: number
  warnings: OrgWarning[]
}

/** Body of create and update. */
export interface OrgBody {
  id?: number
  pid?: number | null
  code: string
  name: string
  shortName?: string
  type: string
  category?: string
  unitDeptId?: number | null
  foundedOn?: string
  secretaryName?: string
  committee?: string[]
  termStart?: string
  termYears?: number
  contactPhone?: string
  sort?: number
}

/** One row of GET /api/dzzxx/relations. */
export interface OrgRelation extends OrgIdentity, OrgCounts {
  categoryLabel: string
  parentName: string
  unitDeptId: number | null
  unitName: string
  secretaryName: string
  committee: string[]
  termStart: string | null
  termEnd: string | null
  leads: { type: string; typeLabel: string; count: number; orgs: { id: number; name: string }[] }[]
  warnings: OrgWarning[]
}

export const ORG_STATUS_NORMAL = '1'
export const ORG_STATUS_REVOKED = '2'

/** Committees (党委, 二级党委) serve 5 years, everything else 3 (RULES.md §4). */
export const defaultTermYears = (type: string | undefined) => (type === '1' || type === '2' ? 5 : 3)

/** The rules of RULES.md §4 the relations view can filter by. */
export const RULE_OPTIONS = [
  { value: 'BRANCH_TOO_FEW_FULL', label: '正式党员不足3名' },
  { value: 'BRANCH_TOO_LARGE', label: '党员超过50名' },
  { value: 'BRANCH_NEEDS_COMMITTEE', label: '7名以上正式党员未设支委会' },
  { value: 'GENERAL_BRANCH_TOO_LARGE', label: '党总支党员达到100名' },
  { value: 'TERM_DUE', label: '任期即将届满' },
  { value: 'TERM_OVERDUE', label: '已到期未换届' },
]
