import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useSessionStore } from '@/stores/session'
import { initialQuery, type CrudFetcher, type CrudQuery } from './query'

export interface CrudOptions<T> {
  /** Cache key of this list (one per resource). */
  key: string
  fetch: CrudFetcher<T>
  pageSize?: number
  defaultSort?: string[]
}

/**
 * Where each list was left this session (per user): its query and its search form's values, so a list
 * opened again — 返回 from a record's detail — starts with the same search, page and sort.
 */
const leftAt = new Map<string, { query: CrudQuery; form: Record<string, unknown> }>()

/** Forgets where the lists were left (tests start afresh). */
export const forgetListPositions = () => leftAt.clear()

/** List state of a CRUD page: query, the search form's values, rows, total, loading, reload. */
export function useCrud<T>({ key, fetch, pageSize, defaultSort }: CrudOptions<T>) {
  const place = `${useSessionStore((s) => s.user?.id ?? 0)}:${key}`
  const [query, setQuery] = useState<CrudQuery>(() => leftAt.get(place)?.query ?? initialQuery(pageSize, defaultSort))
  const [form, setForm] = useState<Record<string, unknown>>(() => leftAt.get(place)?.form ?? {})
  useEffect(() => {
    leftAt.set(place, { query, form })
  }, [place, query, form])
  const result = useQuery({ queryKey: ['crud', key, query], queryFn: () => fetch(query), placeholderData: (prev) => prev })
  /** Searches with these filters (from the page 0), remembering the search form's values they came from. */
  const search = useCallback((filters: Record<string, unknown>, formValues: Record<string, unknown> = {}) => {
    setForm(formValues)
    setQuery((q) => ({ ...q, page: 0, filters }))
  }, [])
  return {
    query,
    setQuery,
    search,
    /** The search form's values of the current filters. */
    form,
    rows: result.data?.content ?? [],
    total: result.data?.totalElements ?? 0,
    loading: result.isFetching,
    reload: () => void result.refetch(),
  }
}

export type Crud<T> = ReturnType<typeof useCrud<T>>
