import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import MenuIcon from './MenuIcon'

/** The icon an antd icon renders is named by its aria-label (e.g. "history"). */
const iconOf = (name?: string) => render(<MenuIcon name={name} />).container.querySelector('[role="img"]')?.getAttribute('aria-label')

describe('MenuIcon', () => {
  // Every icon name the server's menu seeds use (internal/**/schema.go, system/seed.go).
  it.each([
    ['history', 'history'],
    ['idcard', 'idcard'],
    ['solution', 'solution'],
    ['wifi', 'wifi'],
    ['login', 'login'],
    ['profile', 'profile'],
    ['team', 'team'],
    ['bank', 'bank'],
    ['schedule', 'schedule'],
    ['calendar', 'calendar'],
  ])('maps %s', (name, label) => {
    expect(iconOf(name)).toBe(label)
  })

  it('falls back to a neutral icon for an unknown or missing name', () => {
    expect(iconOf('no-such-icon')).toBe('appstore')
    expect(iconOf(undefined)).toBe('appstore')
  })
})
