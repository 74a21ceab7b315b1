export type { Dept } from '../shared/dept'

/** Body of POST / PUT /api/dept. */
export interface DeptBody {
  id?: number
  pid: number | null
  name: string
  sort: number
  enabled: boolean
}
