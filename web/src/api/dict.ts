import { get } from './request'

export interface DictOption {
  label: string
  value: string
}

/** GET /api/dictDetail/map?dictName=a,b → {a:[...], b:[...]}. */
export const dictMap = (names: string[]) => get<Record<string, DictOption[]>>('/api/dictDetail/map', { dictName: names.join(',') })
