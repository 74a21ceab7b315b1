import type { TablePaginationConfig } from 'antd'

/**
 * The pager's total: "共 N 条", or "≥ N 条" when the server stopped counting at its cap
 * (`totalElementsCapped`: more rows match than it counts, ZHDJ_LIST_COUNT_CAP).
 */
export function totalText(total: number, capped = false, unit = '条'): string {
  return capped ? `≥ ${total} ${unit}` : `共 ${total} ${unit}`
}

/** What serverPager needs of a page the server read (httpx.PageResult). */
interface Counted {
  totalElements: number
  totalElementsCapped?: boolean
}

/**
 * A table's pager over pages the server reads (page is 1-based, setPage its state's setter): a fixed page size,
 * the server's total, no size changer; with unit, the total shown ("共 N 份"); hideOnSinglePage for a list that
 * is usually short.
 */
export function serverPager(
  page: number,
  setPage: (page: number) => void,
  pageSize: number,
  data: Counted | undefined,
  opts: { unit?: string; hideOnSinglePage?: boolean } = {},
): TablePaginationConfig {
  const { unit, hideOnSinglePage } = opts
  return {
    current: page,
    pageSize,
    total: data?.totalElements,
    onChange: setPage,
    showSizeChanger: false,
    hideOnSinglePage,
    showTotal: unit ? (n) => totalText(n, data?.totalElementsCapped, unit) : undefined,
  }
}
