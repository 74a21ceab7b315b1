/**
 * A date as official forms write it: 2026-03-07 → 2026年3月7日, 2026-03 → 2026年3月. A blank date gives blank
 * (a form to fill in by hand passes its gaps, e.g. '\u3000\u3000年\u3000月'); anything else stays as it is.
 */
export function chineseDate(d?: string, blank = ''): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(d ?? '')
  if (!m) return d || blank
  return m[3] ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : `${m[1]}年${Number(m[2])}月`
}
