import { get, type Page } from '@/api/request'
import type { RemoteOption } from '@/components/RemoteSelect'

/** A unit of GET /api/common/getDwInfo (any signed-in user; the caller's unit scope). */
export interface UnitPickerItem {
  id: number
  pid: number | null
  name: string
  shortName: string
  code: string
  type: string
  typeLabel: string
  parentName: string
}

/** The picker's page limit. */
const PICKER_SIZE = 100

export const unitPickerList = (filters: Record<string, unknown> = {}) =>
  get<Page<UnitPickerItem>>('/api/common/getDwInfo', { page: 0, size: PICKER_SIZE, ...filters }).then((p) => p.content)

/** "学院（上级：学校）": the parent tells apart units of the same name. */
export const unitOptionLabel = (u: Pick<UnitPickerItem, 'name' | 'parentName'>) => (u.parentName ? `${u.name}（${u.parentName}）` : u.name)

export const searchUnits = (text: string): Promise<RemoteOption[]> =>
  unitPickerList(text ? { blurry: text } : {}).then((list) => list.map((u) => ({ value: u.id, label: unitOptionLabel(u) })))
