import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { totalText } from '@/components/pagerTotal'

/** The page of a report's rows to read (0-based) and its size. */
export interface ReportPaging {
  page: number
  size: number
}

/**
 * A report read a page at a time (a list of members, a ledger): the query of the page the table shows (the page
 * shown stays while the next is read), its pagination for ReportTable (共 N 人, size changer: back to the first
 * page) and `reset` (a filter changed: back to the first page). `key` names the selection; the page is added.
 */
export function usePagedReport<P extends { totalElements: number }>(
  key: readonly unknown[],
  read: (paging: ReportPaging) => Promise<P>,
  { size: initialSize = 20, enabled = true }: { size?: number; enabled?: boolean } = {},
) {
  const [page, setPage] = useState(0)
  const [size, setSize] = useState(initialSize)
  const query = useQuery({ queryKey: [...key, page, size], queryFn: () => read({ page, size }), enabled, placeholderData: keepPreviousData })
  const pagination = {
    current: page + 1,
    pageSize: size,
    total: query.data?.totalElements ?? 0,
    showSizeChanger: true,
    showTotal: (n: number) => totalText(n, false, '人'),
    onChange: (p: number, s: number) => {
      setPage(s === size ? p - 1 : 0)
      setSize(s)
    },
  }
  return { query, pagination, reset: () => setPage(0) }
}
