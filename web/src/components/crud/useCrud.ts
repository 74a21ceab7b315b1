import { useQuery, useQueryClient } from '@tanstack/react-query'
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

/** Where a list was left: its query and its search form's values. */
interface Place {
  query: CrudQuery
  form: Record<string, unknown>
}

/** List state of a CRUD page: query, the search form's values, rows, total, loading, reload. */
export function useCrud<T>({ key, fetch, pageSize, defaultSort }: CrudOptions<T>) {
  // Each list's place is kept in the app's query cache for the session, per user, and never dropped
  // while the page is closed, so a list opened again — 返回 from a record's detail — starts with the same
  // search, page and sort.
  const client = useQueryClient()
  const placeKey = ['crud-place', useSessionStore((s) => s.user?.id ?? 0), key]
  const left = () => client.getQueryData<Place>(placeKey)
  const [query, setQuery] = useState<CrudQuery>(() => left()?.query ?? initialQuery(pageSize, defaultSort))
  const [form, setForm] = useState<Record<string, unknown>>(() => left()?.form ?? {})
  const placeId = JSON.stringify(placeKey)
  useEffect(() => {
    const k = JSON.parse(placeId) as unknown[]
    client.setQueryDefaults(k, { gcTime: Infinity })
    client.setQueryData<Place>(k, { query, form })
  }, [client, placeId, query, form])
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
    /** The total is the server's count cap: at least that many rows match. */
    capped: result.data?.totalElementsCapped ?? false,
    loading: result.isFetching,
    reload: () => void result.refetch(),
  }
}

export type Crud<T> = ReturnType<typeof useCrud<T>>
