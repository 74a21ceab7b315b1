import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { themeConfig } from './theme'
import { usePrefersReducedMotion } from './usePrefersReducedMotion'

/** A matchMedia whose "reduce" answer the test sets and changes. */
function fakeMatchMedia(initial: boolean) {
  let matches = initial
  const listeners = new Set<() => void>()
  const matchMedia = vi.fn((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && matches
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }))
  vi.stubGlobal('matchMedia', matchMedia)
  return {
    set(v: boolean) {
      matches = v
      listeners.forEach((l) => l())
    },
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('reduced motion', () => {
  it('follows the system setting, also when it changes', () => {
    const media = fakeMatchMedia(false)
    const { result } = renderHook(() => usePrefersReducedMotion())
    expect(result.current).toBe(false)
    act(() => media.set(true))
    expect(result.current).toBe(true)
  })

  it('turns off antd motion in the theme only when asked', () => {
    expect(themeConfig('#f33333', 'small').token?.motion).toBe(true)
    expect(themeConfig('#f33333', 'small', true).token?.motion).toBe(false)
  })
})
