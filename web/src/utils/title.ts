/** Document title: route title plus the configured HTML title. */
export function pageTitle(routeTitle: string | undefined, htmlTitle: string | undefined): string {
  const site = htmlTitle || '智慧党建'
  return routeTitle ? `${routeTitle} - ${site}` : site
}

/** Platform name shown on the login page and sidebar: the school's prefix (or name) + 智慧党建, never doubled. */
export function brandTitle(school: { name?: string; titlePrefix?: string } | null | undefined): string {
  const base = school?.titlePrefix || school?.name || ''
  return base.includes('智慧党建') ? base : `${base}智慧党建`
}
