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
