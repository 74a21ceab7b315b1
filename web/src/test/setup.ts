import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Lazy page chunks are transformed on first use; give findBy* room on a loaded 2-core machine. The Go lane
// and this suite share two cores: the first test to open 首页 once needed 5.4 s there (Gate.test.tsx).
// A passing test never waits this long; only a failing one takes longer to fail.
configure({ asyncUtilTimeout: 15_000 })

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup())

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
