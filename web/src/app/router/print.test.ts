import { describe, expect, it } from 'vitest'
import { printComponent, printPath } from './print'

// How Gate renders a print view (standalone, signed in only) is tested in Gate.test.tsx.
describe('print view paths', () => {
  it('map /print/<name> to the page folder print/<name>, and nothing else', () => {
    expect(printComponent('/print/sample-notice')).toBe('print/sample-notice')
    expect(printComponent('/print/fzdy/register/')).toBe('print/fzdy/register')
    expect(printComponent('/print/../system/user')).toBeUndefined()
    expect(printComponent('/print/')).toBeUndefined()
    expect(printComponent('/system/user')).toBeUndefined()
  })

  it('build the path of a print view with its query', () => {
    expect(printPath('sample-notice', { id: 7, year: '2026' })).toBe('/print/sample-notice?id=7&year=2026')
    expect(printPath('sample-notice')).toBe('/print/sample-notice')
  })
})
