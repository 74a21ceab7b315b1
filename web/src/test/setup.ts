import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach } from 'vitest'

// Lazy page chunks are transformed on first use; give findBy* room on a loaded 2-core machine. The Go lane
// and this suite share two cores: the first test to open 首页 once needed 5.4 s there (Gate.test.tsx).
// A passing test never waits this long; only a failing one takes longer to fail.
configure({ asyncUtilTimeout: 15_000 })

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup())

// React's scheduler runs queued renders on setImmediate. One still queued when the file's environment is
// torn down runs without a window and fails the whole run ("window is not defined"), so let the queue
// drain, one turn of the event loop, while the document is still there.
afterAll(() => new Promise<void>((resolve) => setImmediate(resolve)))

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
