import { useEffect } from 'react'
import { useConfigStore } from '@/stores/config'
import { pageTitle, siteTitle } from '@/utils/title'

/** The site part of every document title (the htmlTitle setting, else the current school's platform name). */
export function useSiteTitle(): string {
  const htmlTitle = useConfigStore((s) => s.config.htmlTitle)
  const school = useConfigStore((s) => s.school)
  return siteTitle(htmlTitle, school)
}

/** Title for pages outside the main layout (the layout sets it from the route). */
export function useDocumentTitle(title: string): void {
  const site = useSiteTitle()
  useEffect(() => {
    document.title = pageTitle(title, site)
  }, [title, site])
}
