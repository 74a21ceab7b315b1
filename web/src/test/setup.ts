import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { forgetListPositions } from '@/components/crud/useCrud'

// Lazy page chunks are transformed on first use; give findBy* room on a loaded 2-core machine.
configure({ asyncUtilTimeout: 5000 })

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup())
// Lists remember where they were left for the session; every test starts afresh.
afterEach(() => forgetListPositions())

// antd's responsive helpers need matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  })
}
