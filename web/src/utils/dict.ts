import { dictMap, type DictOption } from '@/api/dict'

export const NEED_DICT_NAMES = 'need Dict names'

/** Loads several dictionaries in one call. Fails fast without names, as the server would. */
export async function loadDicts(
  names: string[],
  fetcher: (names: string[]) => Promise<Record<string, DictOption[]>> = dictMap,
): Promise<Record<string, DictOption[]>> {
  const wanted = names.map((n) => n.trim()).filter(Boolean)
  if (wanted.length === 0) throw new Error(NEED_DICT_NAMES)
  const found = await fetcher(wanted)
  // Every asked-for name is present, empty when the server has no such dictionary.
  return Object.fromEntries(wanted.map((n) => [n, found[n] ?? []]))
}

/** Label of a value in a dictionary list, the raw value when unknown. */
export function dictLabel(options: DictOption[] | undefined, value: unknown): string {
  const v = value === null || value === undefined ? '' : String(value)
  return options?.find((o) => String(o.value) === v)?.label ?? v
}

/** How a disabled value is named where it is still offered. */
export const DISABLED_MARK = '（已停用）'

/** An option of a select (without antd's `disabled`, which would grey a value out instead of hiding it). */
export interface DictChoice {
  label: string
  value: string
}

/**
 * What a form offers of a dictionary: its enabled values, and a disabled one only when the record
 * being edited holds it (`keep`, marked 已停用), so a record keeps a value disabled since while no
 * new input chooses it. The server refuses the same.
 */
export function formOptions(options: DictOption[] | undefined, keep?: unknown): DictChoice[] {
  const kept = keep === null || keep === undefined ? '' : String(keep)
  return (options ?? []).flatMap((o) =>
    !o.disabled ? [{ label: o.label, value: o.value }] : o.value === kept ? [{ label: o.label + DISABLED_MARK, value: o.value }] : [],
  )
}

/** What a search offers of a dictionary: every value (old records hold disabled ones), a disabled one marked. */
export function searchOptions(options: DictOption[] | undefined): DictChoice[] {
  return (options ?? []).map((o) => ({ label: o.disabled ? o.label + DISABLED_MARK : o.label, value: o.value }))
}
