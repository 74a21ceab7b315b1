import { get } from './request'

export interface DictOption {
  label: string
  value: string
  /** A value disabled since: records holding it keep it and show its label; new input cannot choose it. */
  disabled?: boolean
}

/** GET /api/dictDetail/map?dictName=a,b → {a:[...], b:[...]}. */
export const dictMap = (names: string[]) => get<Record<string, DictOption[]>>('/api/dictDetail/map', { dictName: names.join(',') })
