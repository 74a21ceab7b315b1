import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

type PageModule = { default: ComponentType }

/** Every page folder is its own lazy chunk. */
const modules = import.meta.glob<PageModule>('/src/pages/**/index.tsx')

/** "system/user" → "/src/pages/system/user/index.tsx" (a trailing "/index" is tolerated). */
export function pageFile(component: string): string {
  const name = component.trim().replace(/^\/+|\/+$/g, '').replace(/\/index(\.tsx)?$/, '')
  return `/src/pages/${name}/index.tsx`
}

export function hasPage(component: string): boolean {
  return pageFile(component) in modules
}

/**
 * Starts downloading a page's chunk before the layout asks for it (a full page load knows the page once
 * the menus have arrived, while the shell's chunk is still on its way); lazyPage then finds it loaded.
 */
export function preloadPage(component: string): void {
  void modules[pageFile(component)]?.().catch(() => undefined) // lazyPage's Suspense reports a failure
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>()

/** The lazy page for a component name, or null when no such page exists. */
export function lazyPage(component: string): LazyExoticComponent<ComponentType> | null {
  const file = pageFile(component)
  const load = modules[file]
  if (!load) return null
  let page = cache.get(file)
  if (!page) {
    page = lazy(load)
    cache.set(file, page)
  }
  return page
}
