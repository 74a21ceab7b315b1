import type { DictOption } from '@/api/dict'
import { searchOptions } from '@/utils/dict'
import type { SearchField } from './CrudTable'
import { searchOf, type Field, type Resource } from './resource'

/**
 * The search form of a resource: 关键字 (`blurry`) when it has a keyword placeholder, then every
 * field marked `search`, dictionaries and selects as multi-selects unless `single`.
 */
export function searchFieldsOf<T>(res: Resource<T, unknown>, dicts: Record<string, DictOption[] | undefined>): SearchField[] {
  const out: SearchField[] = res.keyword ? [{ name: 'blurry', label: '关键字', placeholder: res.keyword }] : []
  for (const f of res.fields) {
    const s = searchOf(f)
    if (s) out.push(searchField(f, s, dicts))
  }
  return out
}

function searchField<T>(f: Field<T>, s: NonNullable<ReturnType<typeof searchOf>>, dicts: Record<string, DictOption[] | undefined>): SearchField {
  const base = { name: s.name ?? f.name, label: s.label ?? f.label, placeholder: s.placeholder, render: s.render }
  if (f.type === 'dict' || f.type === 'select')
    return { ...base, type: s.single ? 'select' : 'multiSelect', options: f.type === 'dict' ? searchOptions(f.dict ? dicts[f.dict] : undefined) : f.options }
  if (s.range || f.type === 'dateRange' || f.type === 'datetime') return { ...base, type: 'dateRange' }
  if (f.type === 'date') return { ...base, type: 'date' }
  return base
}
