import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { initialQuery, type CrudFetcher, type CrudQuery } from './query'

export interface CrudOptions<T> {
  /** Cache key of this list (one per resource). */
  key: string
  fetch: CrudFetcher<T>
  pageSize?: number
  defaultSort?: string[]
}

/** List state of a CRUD page: query, rows, total, loading, reload. */
export function useCrud<T>({ key, fetch, pageSize, defaultSort }: CrudOptions<T>) {
  const [query, setQuery] = useState<CrudQuery>(() => initialQuery(pageSize, defaultSort))
  const result = useQuery({ queryKey: ['crud', key, query], queryFn: () => fetch(query), placeholderData: (prev) => prev })
  const search = useCallback((filters: Record<string, unknown>) => setQuery((q) => ({ ...q, page: 0, filters })), [])
  return {
    query,
    setQuery,
    search,
    rows: result.data?.content ?? [],
    total: result.data?.totalElements ?? 0,
    loading: result.isFetching,
    reload: () => void result.refetch(),
  }
}

export type Crud<T> = ReturnType<typeof useCrud<T>>
