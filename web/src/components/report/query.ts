/** A report's selection as the server reads it (platform/report): the year, the month (none: the whole year), the organisation whose subtree it covers (none: the caller's whole scope). */
export interface ReportQuery {
  year: number
  month?: number | null
  orgId?: number | null
}

/** The query parameters of q as the server reads them: the empty ones left out. */
export function reportParams(q: ReportQuery): { year: number; month?: number; orgId?: number } {
  return { year: q.year, ...(q.month ? { month: q.month } : {}), ...(q.orgId ? { orgId: q.orgId } : {}) }
}
