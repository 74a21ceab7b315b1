import { describe, expect, it } from 'vitest'
import { countNodes, filterTree, leafIds, pruneEmptyChildren, subtreeIds, toTreeOptions, withAncestors } from './tree'

const T = [
  { id: 1, name: 'a', children: [{ id: 2, name: 'b', children: [{ id: 3, name: 'c' }, { id: 4, name: 'd', children: [] }] }] },
  { id: 5, name: 'e', children: [] },
]

describe('tree helpers', () => {
  it('counts, finds leaves and subtrees', () => {
    expect(countNodes(T)).toBe(5)
    expect([...leafIds(T)].sort()).toEqual([3, 4, 5])
    expect(subtreeIds(T[0]).sort()).toEqual([1, 2, 3, 4])
  })

  it('adds every ancestor of the checked ids (checked + half-checked)', () => {
    expect(withAncestors(T, [3]).sort()).toEqual([1, 2, 3])
    expect(withAncestors(T, [3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5])
    expect(withAncestors(T, [])).toEqual([])
  })

  it('filters keeping ancestors, prunes empty children, disables a subtree', () => {
    const hit = filterTree(T, (n) => n.name === 'c')
    expect(hit.map((n) => n.id)).toEqual([1])
    expect(hit[0].children![0].children!.map((n) => n.id)).toEqual([3])
    const pruned = pruneEmptyChildren(T)
    expect('children' in pruned[1]).toBe(false)
    expect('children' in pruned[0].children![0].children![1]).toBe(false)
    const opts = toTreeOptions(T, (n) => n.name, { disabledIds: new Set([2]) })
    expect(opts[0].disabled).toBeUndefined()
    expect(opts[0].children![0].disabled).toBe(true)
    expect(opts[0].children![0].children![0].disabled).toBe(true)
  })
})
