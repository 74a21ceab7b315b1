import { describe, expect, it } from 'vitest'
import { TREE } from '@/test/fixtures'
import { buildMenuModel, firstLeaf, joinPath, placeUnder, topFor, type AppRoute } from './menus'
import { createMenuSearch, FUSE_OPTIONS, searchEntries } from './menuSearch'

describe('menu tree → routes', () => {
  const model = buildMenuModel(TREE)

  it('joins paths', () => {
    expect(joinPath('/system', 'user')).toBe('/system/user')
    expect(joinPath('/system/', '/abs')).toBe('/abs')
    expect(joinPath('/a', 'https://x.cn')).toBe('https://x.cn')
  })

  it('flattens every page leaf to an absolute route, third level included', () => {
    expect(model.routes.map((r) => r.path)).toEqual([
      '/system/user',
      '/system/role',
      '/system/dict/list',
      '/system/dict/detail',
      '/monitor/online',
      '/monitor/log',
      '/secret/x',
    ])
    const detail = model.routes.find((r) => r.path === '/system/dict/detail')!
    expect(detail).toMatchObject({ component: 'system/dictDetail', top: '/system', meta: { hidden: true, trail: ['系统管理', '字典', '字典详情'] } })
    expect(model.routes.find((r) => r.path === '/system/role')!.meta.noCache).toBe(true)
    // Everything under a hidden directory is hidden.
    expect(model.routes.find((r) => r.path === '/secret/x')!.meta.hidden).toBe(true)
  })

  it('places a page under its parent menu page: its section, selected entry and trail', () => {
    const detail: AppRoute = { path: '/user/detail', component: 'user/detail', top: '', meta: { title: '用户详情', hidden: true, trail: ['用户详情'], parent: '/system/user', crumb: '详情' } }
    const orphan: AppRoute = { ...detail, path: '/gone/detail', meta: { ...detail.meta, parent: '/gone' } }
    const [placed, kept] = placeUnder([...model.routes, detail, orphan]).slice(-2)
    expect(placed).toMatchObject({ top: '/system', meta: { activeMenu: '/system/user', trail: ['系统管理', '用户管理', '详情'], title: '用户详情' } })
    // A parent outside the user's menus: the page stays a page of its own.
    expect(kept).toEqual(orphan)
  })

  it('header shows non-hidden first-level entries; the sidebar their children', () => {
    expect(model.top.map((t) => t.key)).toEqual(['/system', '/monitor'])
    expect(model.side['/system'].map((i) => i.key)).toEqual(['/system/user', '/system/role', '/system/dict', 'https://help.example.edu.cn'])
    expect(model.side['/system'][2].children!.map((i) => i.key)).toEqual(['/system/dict/list'])
    expect(model.side['/system'][3].external).toBe(true)
  })

  it('header entries open their first leaf', () => {
    expect(firstLeaf(model.top[1])).toBe('/monitor/online')
  })

  it('finds the first-level entry of a path', () => {
    expect(topFor('/monitor/log', model)).toBe('/monitor')
    expect(topFor('/system/dict/detail', model)).toBe('/system')
    expect(topFor('/home/home', model)).toBeUndefined()
  })
})

describe('menu search', () => {
  const entries = searchEntries(buildMenuModel(TREE).routes)

  it('offers only non-hidden routes, titled by the parent chain', () => {
    expect(entries).toContainEqual({ title: '系统管理 > 字典 > 字典管理', path: '/system/dict/list' })
    expect(entries.some((e) => e.path === '/system/dict/detail')).toBe(false)
    expect(entries.some((e) => e.path === '/secret/x')).toBe(false)
  })

  it('uses the specified fuse options', () => {
    expect(FUSE_OPTIONS.threshold).toBe(0.4)
    expect(FUSE_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ])
  })

  it('matches titles and paths fuzzily', () => {
    const search = createMenuSearch(entries)
    expect(search('用户')[0].path).toBe('/system/user')
    expect(search('online')[0].path).toBe('/monitor/online')
    expect(search('操作日志')[0].path).toBe('/monitor/log')
    expect(search('')).toEqual([])
    expect(search('完全无关的词语组合')).toEqual([])
  })
})
