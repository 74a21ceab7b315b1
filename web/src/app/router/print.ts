/**
 * Print views: a page folder under src/pages/print/ (e.g. pages/print/fzdy-notice/index.tsx) opens at
 * /print/<name>?… outside the main layout (no menus, no tabs), for signed-in users only, usually in a new
 * tab. It renders a PrintLayout (components/flow) and reads its record from the API, where the server checks
 * the caller's scope as for any page.
 *
 *   <Button onClick={() => openPrintView('fzdy-notice', { id: rec.id })}>打印公示</Button>
 */
export const PRINT_PREFIX = '/print/'

/** The page component of a print path ('/print/fzdy-notice' → 'print/fzdy-notice'), or undefined for others. */
export function printComponent(pathname: string): string | undefined {
  if (!pathname.startsWith(PRINT_PREFIX)) return undefined
  const name = pathname.slice(PRINT_PREFIX.length).replace(/\/+$/, '')
  // Folder names only: no climbing out of pages/print/.
  return /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(name) ? `print/${name}` : undefined
}

/** The in-app path of a print view with its query. */
export function printPath(name: string, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
  return `${PRINT_PREFIX}${name}${query ? `?${query}` : ''}`
}

/** Opens a print view in a new tab (the session cookie goes with it). */
export function openPrintView(name: string, params: Record<string, string | number> = {}): void {
  window.open(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${printPath(name, params)}`, '_blank', 'noopener')
}
