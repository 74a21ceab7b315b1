/**
 * The pager's total: "共 N 条", or "≥ N 条" when the server stopped counting at its cap
 * (`totalElementsCapped`: more rows match than it counts, ZHDJ_LIST_COUNT_CAP).
 */
export function totalText(total: number, capped = false, unit = '条'): string {
  return capped ? `≥ ${total} ${unit}` : `共 ${total} ${unit}`
}
