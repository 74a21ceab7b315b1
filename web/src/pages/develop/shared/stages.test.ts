import { describe, expect, it } from 'vitest'
import { stageListPath } from './stages'

describe('stageListPath', () => {
  it('goes back to the list that shows the record, past every stage included', () => {
    expect(stageListPath('activist')).toBe('/develop/activist')
    expect(stageListPath('full')).toBe('/develop/probationary?with=full')
    expect(stageListPath('ended')).toBe('/develop/applicant?with=ended')
    expect(stageListPath(undefined)).toBe('/develop/applicant')
  })
})
