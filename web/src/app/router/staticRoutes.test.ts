import { describe, expect, it } from 'vitest'
import { hasPage, pageFile } from './pages'
import { availableNamedRoutes, LAYOUT_ROUTES } from './staticRoutes'

describe('page registry', () => {
  it('resolves component names to page files', () => {
    expect(pageFile('system/user')).toBe('/src/pages/system/user/index.tsx')
    expect(pageFile('/system/user/index')).toBe('/src/pages/system/user/index.tsx')
  })

  it('knows the pages that exist', () => {
    expect(hasPage('home/home')).toBe(true)
    expect(hasPage('login')).toBe(true)
    expect(hasPage('no/such/page')).toBe(false)
    for (const r of LAYOUT_ROUTES) expect(hasPage(r.component)).toBe(true)
  })

  it('named routes of later modules appear only when their page exists', () => {
    expect(availableNamedRoutes(() => false)).toEqual([])
    expect(availableNamedRoutes((c) => c === 'workbench/dj/home').map((r) => r.path)).toEqual(['/workbench/dj/home'])
  })

  it('registers the party member home now that its page exists, hidden from the menus', () => {
    expect(hasPage('list-home/dyHome')).toBe(true)
    expect(availableNamedRoutes().find((r) => r.path === '/list-home/dyHome')?.meta).toMatchObject({ title: '党员首页', hidden: true })
  })

  it("registers the member's own pages of their phone navigation, hidden from the menus", () => {
    const own = availableNamedRoutes().filter((r) => r.path.startsWith('/list-home/'))
    expect(own.map((r) => [r.path, r.meta.title, r.meta.hidden])).toEqual([
      ['/list-home/dyHome', '党员首页', true],
      ['/list-home/myFees', '我的党费', true],
      ['/list-home/myTransfers', '我的组织关系', true],
      ['/list-home/myDevelopment', '我的发展', true],
      ['/list-home/myForms', '我的填报', true],
      ['/list-home/news', '党务新闻', true],
      ['/list-home/library', '制度文件', true],
      ['/list-home/myDuty', '述职与廉政', true],
    ])
  })

  it('registers the member detail route now that its page exists', () => {
    expect(hasPage('dyjbxx/detail')).toBe(true)
    expect(availableNamedRoutes().find((r) => r.path === '/dyjbxx/detail')?.meta).toMatchObject({ title: '党员详情', hidden: true, parent: '/party/dyjbxx', crumb: '详情' })
  })
})
