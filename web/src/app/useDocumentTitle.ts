import { useEffect } from 'react'
import { useConfigStore } from '@/stores/config'
import { pageTitle } from '@/utils/title'

/** Title for pages outside the main layout (the layout sets it from the route). */
export function useDocumentTitle(title: string): void {
  const htmlTitle = useConfigStore((s) => s.config.htmlTitle)
  useEffect(() => {
    document.title = pageTitle(title, htmlTitle)
  }, [title, htmlTitle])
}
