import { act, renderHook, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useNoAnchorStore } from '@/stores/noAnchor'
import { renderWithApp } from '@/test/render'
import NoAnchorNotice, { NO_ANCHOR_TITLE, useNoAnchorReset } from './NoAnchorNotice'

describe('NoAnchorNotice', () => {
  beforeEach(() => useNoAnchorStore.getState().clear())

  it('shows the page until one of its requests is refused with NO_ANCHOR, then the reason in its place', () => {
    renderWithApp(
      <NoAnchorNotice path="/party/dyjbxx">
        <table aria-label="党员列表" />
      </NoAnchorNotice>,
    )
    expect(screen.getByLabelText('党员列表')).toBeTruthy()
    // Another page's refusal does not touch this one.
    act(() => useNoAnchorStore.getState().report('/party/dzz', NO_ANCHOR_TITLE))
    expect(screen.getByLabelText('党员列表')).toBeTruthy()
    act(() => useNoAnchorStore.getState().report('/party/dyjbxx', NO_ANCHOR_TITLE))
    expect(screen.queryByLabelText('党员列表')).toBeNull()
    expect(screen.getByText(NO_ANCHOR_TITLE)).toBeTruthy()
    expect(screen.getByText(/用户管理/)).toBeTruthy()
  })

  it('forgets the refusal once another page is open, so coming back asks the server again', () => {
    act(() => useNoAnchorStore.getState().report('/party/dyjbxx', NO_ANCHOR_TITLE))
    const { rerender } = renderHook(({ path }) => useNoAnchorReset(path), { initialProps: { path: '/party/dyjbxx' } })
    expect(useNoAnchorStore.getState().path).toBe('/party/dyjbxx')
    rerender({ path: '/user/center' })
    expect(useNoAnchorStore.getState().path).toBeNull()
  })
})
