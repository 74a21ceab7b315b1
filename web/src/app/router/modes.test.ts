import { describe, expect, it } from 'vitest'
import { hasPermission } from '@/utils/permission'
import { createMenuSearch, searchEntries } from './menuSearch'
import { leafEntries, MEMBER_NAV, memberGroupKey, memberNavItems } from './memberNav'
import { buildMenuModel, placeUnder } from './menus'
import { activeEntry, buildModes, CADRE_WORKBENCH, currentMode, MEMBER_MODE, modeHome, modeOfPath, modeStart, PARTY_WORKBENCH, showModeSwitch } from './modes'
import type { MenuNode } from '@/api/types'
import { menuDir } from '@/test/fixtures'


const TREE: MenuNode[] = [
  menuDir('/party', '党建信息库', 'party', '党建', 'dyjbxx', '党员信息'),
  menuDir('/system', '系统管理', 'system', '系统', 'user', '用户管理'),
  menuDir('/zzgx', '组织关系转接', 'party', '党建', 'out', '组织关系转出'),
  menuDir('/monitor', '系统监控', 'system', '系统', 'log', '操作日志'),
  menuDir('/cadre', '干部管理', 'cadre', '干部', 'list', '干部信息'),
]
const model = buildMenuModel(TREE)
const ALL_MEMBER_PATHS = new Set(MEMBER_NAV.map((e) => e.path))
const member = memberNavItems(['dy:home'], ALL_MEMBER_PATHS, hasPermission)
const SHARED = new Set(['/home/home', '/user/center', '/message/msginfo'])

describe('modes of the top bar', () => {
  it('groups first-level entries by the workbench the server gives them, in menu order', () => {
    const modes = buildModes(model.top, [], false)
    expect(modes.map((m) => [m.key, m.title, m.entries.map((e) => e.title)])).toEqual([
      ['party', '党建', ['党建信息库', '组织关系转接']],
      ['system', '系统', ['系统管理', '系统监控']],
      ['cadre', '干部', ['干部管理']],
    ])
  })

  it('the 党员 mode: the member pages that exist, for an account linked to a member', () => {
    // Two or more pages of a group stand under the group's entry (a sub-menu), where its first page would be.
    expect(member.map((e) => e.title)).toEqual(['我的首页', '我的党费', '我的档案', '消息'])
    expect(member[2]).toMatchObject({ key: memberGroupKey('records'), children: [{ key: '/list-home/myTransfers' }, { key: '/list-home/myDevelopment' }] })
    expect(leafEntries(member).map((e) => e.title)).toEqual(['我的首页', '我的党费', '我的组织关系', '我的发展', '消息'])
    // Only entries whose route exists (the pages of another module may come later) and by permission.
    expect(memberNavItems(['dy:home'], new Set(['/list-home/dyHome', '/message/msginfo']), hasPermission).map((e) => e.key)).toEqual([
      '/list-home/dyHome',
      '/message/msginfo',
    ])
    expect(memberNavItems(['workbench:group'], ALL_MEMBER_PATHS, hasPermission)).toEqual([])
    // 我的干部信息 only for an account a cadre's record names (whatever the permissions), in 我的档案.
    expect(leafEntries(memberNavItems(['dy:home'], ALL_MEMBER_PATHS, hasPermission, true)).map((e) => e.title)).toEqual([
      '我的首页', '我的党费', '我的组织关系', '我的发展', '我的干部信息', '消息',
    ])
    // A group of one page is that page alone: no sub-menu to open for one choice.
    expect(memberNavItems(['dy:home'], new Set(['/list-home/dyHome', '/list-home/myFees', '/list-home/myTransfers']), hasPermission)
      .map((e) => [e.title, e.children?.length ?? 0])).toEqual([['我的首页', 0], ['我的党费', 0], ['我的组织关系', 0]])
    // A member with every page: seven entries in the bar (twelve pages overflowed it at 1366 px).
    const everyPermission = [...new Set(MEMBER_NAV.flatMap((e) => (e.permission ? [e.permission] : [])))]
    const every = memberNavItems(everyPermission, ALL_MEMBER_PATHS, hasPermission, true)
    expect(every.map((e) => e.title)).toEqual(['我的首页', '我的党费', '我的档案', '填报评议', '党务资讯', '党校学习', '消息'])
    expect(leafEntries(every)).toHaveLength(MEMBER_NAV.length)
    expect(memberNavItems([], ALL_MEMBER_PATHS, hasPermission, true).map((e) => e.key)).toEqual(['/gb/my'])
    expect(memberNavItems([], ALL_MEMBER_PATHS, hasPermission, false)).toEqual([])
    // A 学员 (dx:learn only) finds the party school's home (which links to the study centre and 我的考试), and nothing of a member's.
    expect(memberNavItems(['dx:learn'], ALL_MEMBER_PATHS, hasPermission).map((e) => e.key)).toEqual(['/pschool/home/page'])

    // An administrator linked to a member: 党员 first, then the server's modes.
    expect(buildModes(model.top, member, true).map((m) => m.key)).toEqual([MEMBER_MODE, 'party', 'system', 'cadre'])
    // Not linked: no 党员 mode beside the menus.
    expect(buildModes(model.top, member, false).map((m) => m.key)).toEqual(['party', 'system', 'cadre'])
    // A member (no menus) has it whether linked or not: their home says what is missing.
    expect(buildModes([], member, false).map((m) => m.key)).toEqual([MEMBER_MODE])
  })

  it('the switch shows with workbench:group and more than one mode', () => {
    const secretary = buildModes(buildMenuModel([TREE[0], TREE[2]]).top, member, true)
    expect(secretary.map((m) => m.title)).toEqual(['党员', '党建'])
    expect(showModeSwitch(secretary, true)).toBe(true)
    expect(showModeSwitch(secretary, false)).toBe(false)
    // A member has one mode: no switch.
    expect(showModeSwitch(buildModes([], member, true), true)).toBe(false)
  })

  it('shows the remembered mode, else the first menus\' mode (not the 党员 one)', () => {
    const modes = buildModes(model.top, member, true)
    expect(currentMode(modes, undefined)?.key).toBe('party')
    expect(currentMode(modes, 'system')?.key).toBe('system')
    expect(currentMode(modes, MEMBER_MODE)?.key).toBe(MEMBER_MODE)
    // A mode the user no longer has (menus taken away) falls back.
    expect(currentMode(buildModes([model.top[0]], member, true), 'system')?.key).toBe('party')
    expect(currentMode(buildModes([], member, false), undefined)?.key).toBe(MEMBER_MODE)
  })

  it('a mode starts at its first entry\'s first page', () => {
    const modes = buildModes(model.top, member, true)
    expect(modes.map(modeHome)).toEqual(['/list-home/dyHome', '/party/dyjbxx', '/system/user', '/cadre/list'])
  })

  it('the cadre mode starts at the 干部工作台 for holders of gb:workbench:navbar once the page exists', () => {
    const modes = buildModes(model.top, member, true)
    const cadre = modes.find((m) => m.key === 'cadre')!
    const party = modes.find((m) => m.key === 'party')!
    const withPage = new Set([CADRE_WORKBENCH])
    expect(modeStart(cadre, true, withPage)).toBe(CADRE_WORKBENCH)
    expect(modeStart(cadre, false, withPage)).toBe('/cadre/list')
    expect(modeStart(cadre, true, new Set())).toBe('/cadre/list')
    expect(modeStart(party, true, withPage)).toBe('/party/dyjbxx')
  })

  it('the party mode starts at the 党建工作台 for holders of dj:workbench:navbar once the page exists', () => {
    const modes = buildModes(model.top, member, true)
    const cadre = modes.find((m) => m.key === 'cadre')!
    const party = modes.find((m) => m.key === 'party')!
    const withPage = new Set([PARTY_WORKBENCH, CADRE_WORKBENCH])
    expect(modeStart(party, false, withPage, true)).toBe(PARTY_WORKBENCH)
    expect(modeStart(party, true, withPage, false)).toBe('/party/dyjbxx')
    expect(modeStart(party, false, new Set(), true)).toBe('/party/dyjbxx')
    expect(modeStart(cadre, false, withPage, true)).toBe('/cadre/list')
  })

  it('follows navigation: a page shows its own mode; shared pages keep the mode', () => {
    const modes = buildModes(model.top, member, true)
    expect(modeOfPath('/monitor/log', model, modes, SHARED)).toBe('system')
    expect(modeOfPath('/zzgx/out', model, modes, SHARED)).toBe('party')
    expect(modeOfPath('/cadre/list', model, modes, SHARED)).toBe('cadre')
    expect(modeOfPath('/list-home/myFees', model, modes, SHARED)).toBe(MEMBER_MODE)
    // A page inside a group of the 党员 mode is the mode's too.
    expect(modeOfPath('/list-home/myDevelopment', model, modes, SHARED)).toBe(MEMBER_MODE)
    expect(modeOfPath('/home/home', model, modes, SHARED)).toBeUndefined()
    expect(modeOfPath('/message/msginfo', model, modes, SHARED)).toBeUndefined()
    // A detail page placed under its list takes the list's section, hence its mode.
    const routes = placeUnder([
      ...model.routes,
      { path: '/dyjbxx/detail', component: 'dyjbxx/detail', top: '', meta: { title: '党员详情', trail: ['党员详情'], hidden: true, parent: '/party/dyjbxx' } },
    ])
    expect(modeOfPath('/dyjbxx/detail', { ...model, routes }, modes, SHARED)).toBe('party')
  })

  it('marks the real entry of the page shown, in its mode only', () => {
    const modes = buildModes(model.top, member, true)
    const [own, party, system] = modes
    expect(activeEntry(party, '/zzgx/out', model)).toBe('/zzgx')
    expect(activeEntry(system, '/monitor/log', model)).toBe('/monitor')
    expect(activeEntry(party, '/monitor/log', model)).toBeUndefined()
    expect(activeEntry(party, '/home/home', model)).toBeUndefined()
    expect(activeEntry(own, '/list-home/myTransfers', model)).toBe('/list-home/myTransfers')
    expect(activeEntry(own, '/party/dyjbxx', model)).toBeUndefined()
  })

  it('the menu search finds pages of every mode and names the mode', () => {
    const modes = buildModes(model.top, member, true)
    const search = createMenuSearch(searchEntries(model.routes, modes))
    expect(search('操作日志')[0]).toEqual({ title: '系统监控 > 操作日志', path: '/monitor/log', mode: '系统' })
    expect(search('干部信息')[0]).toMatchObject({ path: '/cadre/list', mode: '干部' })
    expect(search('转出')[0]).toMatchObject({ path: '/zzgx/out', mode: '党建' })
    // The member's own pages are found too, under 党员.
    expect(search('我的党费')[0]).toEqual({ title: '我的党费', path: '/list-home/myFees', mode: '党员' })
    expect(search('我的发展')[0]).toEqual({ title: '我的发展', path: '/list-home/myDevelopment', mode: '党员' })
  })
})
