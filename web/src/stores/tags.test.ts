import { beforeEach, describe, expect, it } from 'vitest'
import { pathAfterClose, useTagsStore } from './tags'

const home = { path: '/home/home', fullPath: '/home/home', title: '首页', affix: true }
const user = { path: '/system/user', fullPath: '/system/user', title: '用户管理' }
const role = { path: '/system/role', fullPath: '/system/role?x=1', title: '角色管理' }
const s = () => useTagsStore.getState()

describe('tags store', () => {
  beforeEach(() => s().reset())

  it('adds each page once, caching unless noCache', () => {
    s().addView(home)
    s().addView(user)
    s().addView(user)
    s().addView(role, true)
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/home/home', '/system/user', '/system/role'])
    expect(s().cachedViews).toEqual(['/home/home', '/system/user'])
  })

  it('remembers the last query of a page', () => {
    s().addView(role)
    s().addView({ ...role, fullPath: '/system/role?x=2' })
    expect(s().visitedViews).toHaveLength(1)
    expect(s().visitedViews[0].fullPath).toBe('/system/role?x=2')
  })

  it('untitled views are "no-name"', () => {
    s().addView({ path: '/a', fullPath: '/a', title: '' })
    expect(s().visitedViews[0].title).toBe('no-name')
  })

  it('close keeps affix tags; close others and close all', () => {
    s().addView(home)
    s().addView(user)
    s().addView(role)
    s().delView('/home/home')
    expect(s().visitedViews.map((v) => v.path)).toContain('/home/home')
    s().delView('/system/user')
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/home/home', '/system/role'])
    expect(s().cachedViews).not.toContain('/system/user')
    s().addView(user)
    s().delOthersViews('/system/user')
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/home/home', '/system/user'])
    expect(s().cachedViews).toEqual(['/system/user'])
    s().delAllViews()
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/home/home'])
    expect(s().cachedViews).toEqual([])
  })

  it('refresh drops only the cache entry', () => {
    s().addView(user)
    s().delCachedView('/system/user')
    expect(s().visitedViews).toHaveLength(1)
    expect(s().cachedViews).toEqual([])
  })

  it('closing the active tab goes to the last remaining tab, or home', () => {
    expect(pathAfterClose([home, role])).toBe('/system/role?x=1')
    expect(pathAfterClose([])).toBe('/home/home')
  })
})
