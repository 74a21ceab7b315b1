export type { Dept } from '@/components/dept/dept'

/** Body of POST / PUT /api/dept. */
export interface DeptBody {
  id?: number
  pid: number | null
  name: string
  sort: number
  enabled: boolean
}
