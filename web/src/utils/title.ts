/** Document title: route title plus the site title. */
export function pageTitle(routeTitle: string | undefined, site: string | undefined): string {
  const name = site || '智慧党建'
  return routeTitle ? `${routeTitle} - ${name}` : name
}

type SchoolNames = { name?: string; titlePrefix?: string } | null | undefined

/** Platform name shown on the login page and sidebar: the school's prefix (or name) + 智慧党建, never doubled. */
export function brandTitle(school: SchoolNames): string {
  const base = school?.titlePrefix || school?.name || ''
  return base.includes('智慧党建') ? base : `${base}智慧党建`
}

/** Site part of the document title: the htmlTitle setting when an administrator set one, else the school's platform name. */
export function siteTitle(htmlTitle: string | undefined, school: SchoolNames): string {
  return htmlTitle?.trim() || brandTitle(school)
}
