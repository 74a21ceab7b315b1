import { afterEach, describe, expect, it } from 'vitest'
import { accountDraftKey, clearDraft, codeDraftKey, restoreDraft, saveDraft } from './draft'

describe('ballot drafts (the voter’s unfinished answers on the device)', () => {
  afterEach(() => localStorage.clear())
  const key = accountDraftKey(7, 42)

  it('saves, restores and clears the answers', () => {
    const answers = { q1: { choice: 'a' }, q2: { rows: { r1: '90' } }, q3: { choices: ['x'], writeIns: ['赵六'] } }
    saveDraft(key, answers)
    expect(restoreDraft(key)).toEqual(answers)
    expect(restoreDraft(accountDraftKey(7, 43))).toBeUndefined()
    clearDraft(key)
    expect(restoreDraft(key)).toBeUndefined()
  })

  it('ignores and removes what is not a draft', () => {
    for (const raw of ['{not json', '[]', '{"at":1,"answers":{}}', JSON.stringify({ at: Date.now(), answers: { q1: { choices: 'a' } } })]) {
      localStorage.setItem(key, raw)
      expect(restoreDraft(key)).toBeUndefined()
      expect(localStorage.getItem(key)).toBeNull()
    }
  })

  it('drops a draft a month old', () => {
    localStorage.setItem(key, JSON.stringify({ at: Date.now() - 31 * 24 * 3600 * 1000, answers: { q1: { choice: 'a' } } }))
    expect(restoreDraft(key)).toBeUndefined()
  })

  it('keys a printed code’s draft by its SHA-256, read as the server reads the code, never the code itself', async () => {
    const k = await codeDraftKey(7, 'abcd-efgh 23')
    expect(k).toMatch(/^zhdj\.ballot\.draft\.7\.c[0-9a-f]{64}$/)
    expect(k).not.toContain('ABCDEFGH23')
    expect(await codeDraftKey(7, 'ABCDEFGH23')).toBe(k)
    expect(await codeDraftKey(8, 'ABCDEFGH23')).not.toBe(k)
    saveDraft(k!, { q1: { choice: 'a' } })
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/abcd|ABCD/i)
  })
})
