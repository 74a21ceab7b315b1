import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AxiosError, type AxiosResponse } from 'axios'
import Cookies from 'js-cookie'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser, TREE } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'

vi.mock('@/api/auth', () => ({
  getCaptcha: vi.fn(() => Promise.resolve({ img: 'data:image/png;base64,AAAA', uuid: 'u1', enabled: true })),
  getPublicKey: vi.fn(),
  login: vi.fn(),
  getInfo: vi.fn(),
  logout: vi.fn(() => Promise.resolve()),
}))
vi.mock('@/api/menu', () => ({ myMenuTree: vi.fn() }))
// The login paths' layouts: the default (none saved).
vi.mock('@/api/loginLayout', async (orig) => ({ ...(await orig<typeof import('@/api/loginLayout')>()), getLoginLayout: vi.fn(() => Promise.reject(new Error('none'))) }))
// The fixture's menu components stand for pages not built yet: keep them missing here even once
// the real system/monitor pages exist, so these tests exercise the shell alone.
// print/sample-notice stands for a print view a module adds under pages/print/.
vi.mock('./pages', async (importOriginal) => {
  const real = await importOriginal<typeof import('./pages')>()
  const missing = (c: string) => /^(system|monitor)\//.test(c.replace(/^\/+/, ''))
  const { lazy } = await import('react')
  const notice = lazy(async () => {
    const { default: PrintLayout } = await import('@/components/flow/PrintLayout')
    return { default: () => <PrintLayout title="发展党员公示">公示内容</PrintLayout> }
  })
  return {
    ...real,
    hasPage: (c: string) => !missing(c) && real.hasPage(c),
    lazyPage: (c: string) => (c === 'print/sample-notice' ? notice : missing(c) ? null : real.lazyPage(c)),
  }
})
// The party member's home (list-home/dyHome), for an account no member record is linked to.
vi.mock('@/pages/list-home/dyHome/service', () => ({
  memberHome: vi.fn(() =>
    Promise.resolve({ member: null, org: null, messages: { content: [], totalElements: 0 }, trail: { content: [], totalElements: 0 } }),
  ),
  ownTrailPage: vi.fn(),
}))
vi.mock('@/api/user', () => ({ checkPassword: vi.fn(() => Promise.resolve({ needChange: false, reason: '' })) }))
vi.mock('@/api/message', () => ({
  workSummary: vi.fn(() => Promise.resolve({ total: 2, groups: [] })),
  remindPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 0 })),
  warningPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 0, totalWarningNum: 150 })),
}))
vi.mock('@/api/home', async () => {
  const { makeSummary } = await import('@/test/fixtures')
  return {
    homeSummary: vi.fn(() => Promise.resolve(makeSummary())),
    orgWarningPage: vi.fn(() => Promise.resolve({ content: makeSummary().warnings.items, totalElements: 2 })),
    homeMeetings: vi.fn(() => Promise.resolve({ month: '2026-11', items: [], missing: 0, gaps: [] })),
  }
})
// Charts draw on a canvas the test DOM lacks; the home page's own test checks what they are given.
// The 党校学习 cards a member's landing shows are not under test here: their requests never answer (without
// these they went to the network and printed "socket hang up").
const { pending } = vi.hoisted(() => ({ pending: () => new Promise<never>(() => undefined) }))
vi.mock('@/pages/pschool/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/pages/pschool/api')>()),
  myHours: vi.fn(pending),
  myBatches: vi.fn(pending),
  myCourses: vi.fn(pending),
}))
vi.mock('@/pages/pschool/exam/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/pages/pschool/exam/api')>()),
  myExams: vi.fn(pending),
}))
vi.mock('@/components/chart/EChart', () => ({ default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }))

import * as auth from '@/api/auth'
import { myMenuTree } from '@/api/menu'
import { checkPassword } from '@/api/user'
import { setNavigate } from '@/app/bridge'
import { useConfigStore } from '@/stores/config'
import { useCountersStore } from '@/stores/counters'
import { usePermissionStore } from '@/stores/permission'
import { useSessionStore } from '@/stores/session'
import { useSettingsStore } from '@/stores/settings'
import { useTagsStore } from '@/stores/tags'
import Gate from './Gate'
import { HOME_PATH, MEMBER_HOME_PAGE, PUBLIC_PAGES, PUBLIC_PREFIXES } from './guard'
import { pageFile } from './pages'

// The lazy chunks these tests open (the shell, the public pages, both homes), loaded before any test:
// transforming them takes seconds on a loaded machine, which findBy*'s clock should not have to cover.
const pageModules = import.meta.glob('/src/pages/**/index.tsx')
beforeAll(async () => {
  const pages = new Set([...Object.values(PUBLIC_PAGES), ...Object.values(PUBLIC_PREFIXES), HOME_PATH.slice(1), MEMBER_HOME_PAGE])
  await Promise.all([
    import('../layout/SignedInShell'),
    import('@/components/MissingPage'),
    import('@/components/flow/PrintLayout'),
    ...[...pages].map((c) => pageModules[pageFile(c)]()),
  ])
}, 300_000)

let location = ''
function Where() {
  const l = useLocation()
  location = l.pathname + l.search
  return null
}

function start(path: string) {
  return renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Where />
      <Routes>
        <Route path="*" element={<Gate />} />
      </Routes>
    </MemoryRouter>,
  )
}

function signIn() {
  Cookies.set('zhdj_signed_in', '1', { path: '/' })
  useSessionStore.setState({ signedIn: true, user: null, roles: [], loadMenus: true })
}

// Generous: the first test loads the lazy chunks, and the machine may be busy.
describe('gate and main layout', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useCountersStore.getState().reset()
    useSessionStore.getState().clear()
    useConfigStore.setState({ config: { htmlTitle: '测试大学智慧党建' }, school: null, loaded: true })
    useSettingsStore.setState({ tagsView: false })
    vi.mocked(auth.getInfo).mockResolvedValue(makeUser())
    vi.mocked(myMenuTree).mockResolvedValue(TREE)
    setNavigate(() => undefined)
  })

  it('without a session a private path goes to the login page with a redirect', async () => {
    start('/system/user')
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeTruthy()
    expect(location).toBe('/login?redirect=%2Fsystem%2Fuser')
    expect(await screen.findByAltText('验证码')).toBeTruthy()
  })

  it('the captcha field is hidden when the server turns it off', async () => {
    vi.mocked(auth.getCaptcha).mockResolvedValueOnce({ img: '', uuid: '', enabled: false })
    start('/login')
    await screen.findByRole('button', { name: /登\s*录/ })
    await waitFor(() => expect(auth.getCaptcha).toHaveBeenCalled())
    expect(screen.queryByPlaceholderText('验证码')).toBeNull()
  })

  it('/salogin shows 正在登录', async () => {
    start('/salogin')
    expect(await screen.findByText('正在登录')).toBeTruthy()
  })

  it('the new-login setting sends visitors to /newlogin', async () => {
    useConfigStore.setState({ config: { newLogin: 'true' }, loaded: true })
    start('/monitor/log')
    await screen.findByRole('button', { name: /登\s*录/ })
    expect(location).toBe('/newlogin?redirect=%2Fmonitor%2Flog')
  })

  it('signed in: / lands on 首页 with the figures of the scope; counters in the top bar', async () => {
    signIn()
    start('/')
    expect(await screen.findByText('组织预警（2）')).toBeTruthy()
    expect(location).toBe('/home/home')
    expect(document.title).toBe('首页 - 测试大学智慧党建')
    expect(screen.getByRole('img', { name: '党员人员类别' })).toBeTruthy()
    // Counters: hidden at 0, capped at 99 (150 own warnings + 2 of the organisations).
    await waitFor(() => expect(document.querySelector('[data-counter="warning"] .ant-badge')!.textContent).toContain('99+'))
    expect(useCountersStore.getState()).toMatchObject({ warning: 152, orgWarning: 2, personalWarning: 150 })
    expect(document.querySelector('[data-counter="remind"] sup')).toBeNull()
    expect(checkPassword).toHaveBeenCalled()
  }, 20_000) // the first test to load the home page's chunks

  it('a menu page: header entries, the sidebar of the active one, breadcrumbs; unknown component shows 页面不存在', async () => {
    signIn()
    start('/system/user')
    expect(await screen.findByText('页面不存在：system/user')).toBeTruthy()
    expect(document.title).toBe('用户管理 - 测试大学智慧党建')
    // Header: first-level entries; sidebar: the children of the active one.
    const header = document.querySelector('.header-menu') as HTMLElement
    expect(within(header).getByText('系统管理')).toBeTruthy()
    expect(within(header).getByText('系统监控')).toBeTruthy()
    const side = document.querySelector('.sidebar') as HTMLElement
    expect(within(side).getByText('角色管理')).toBeTruthy()
    expect(within(side).queryByText('在线用户')).toBeNull()
    // Breadcrumb starts with 首页.
    const crumbs = document.querySelector('.app-breadcrumb')!.textContent
    expect(crumbs).toBe('首页/系统管理/用户管理')
  })

  it('a signed-in user opening /login goes to / and so to 首页', async () => {
    signIn()
    start('/login')
    await screen.findByText('组织预警（2）')
    expect(location).toBe('/home/home')
  })

  it('unknown paths go to / and so to 首页', async () => {
    signIn()
    start('/no/such/page')
    await screen.findByText('组织预警（2）')
    expect(location).toBe('/home/home')
  })

  it('a member holding dy:home without the home figures lands on their own home', async () => {
    vi.mocked(auth.getInfo).mockResolvedValue(makeUser({ roles: ['dy:home'] }))
    signIn()
    start('/')
    expect(await screen.findByText('您的账号尚未关联党员信息，请联系管理员')).toBeTruthy()
    expect(location).toBe('/list-home/dyHome')
  })

  it('a 学员 holding only dx:learn lands on their party-school home (我的党校)', async () => {
    vi.mocked(auth.getInfo).mockResolvedValue(makeUser({ roles: ['dx:learn'] }))
    signIn()
    start('/')
    await waitFor(() => expect(location).toBe('/pschool/home/page'))
    expect((await screen.findAllByText('我的培训班')).length).toBeGreaterThan(0)
  })

  it('a failed user-info fetch logs out', async () => {
    signIn()
    const nav = vi.fn()
    setNavigate(nav)
    vi.mocked(auth.getInfo).mockRejectedValueOnce(new Error('401'))
    start('/system/user')
    await waitFor(() => expect(nav).toHaveBeenCalledWith('/login', true))
    expect(useSessionStore.getState().signedIn).toBe(false)
    expect(Cookies.get('zhdj_signed_in')).toBeUndefined()
  })

  it('a full page load asks for the user and the menus side by side, not one after the other', async () => {
    let answerInfo: (u: ReturnType<typeof makeUser>) => void = () => {}
    vi.mocked(auth.getInfo).mockReturnValueOnce(new Promise((resolve) => (answerInfo = resolve)))
    signIn()
    start('/home/home')
    await waitFor(() => expect(myMenuTree).toHaveBeenCalled())
    expect(screen.getByText('正在加载用户信息…')).toBeTruthy()
    answerInfo(makeUser())
    await waitFor(() => expect(useSessionStore.getState().loadMenus).toBe(false))
    expect(usePermissionStore.getState().loaded).toBe(true)
  })

  it('the forced password dialog opens when the server says so', async () => {
    vi.mocked(checkPassword).mockResolvedValueOnce({ needChange: true, reason: 'reset' })
    signIn()
    start('/home/home')
    expect(await screen.findByText('为了您的账号安全，请修改账号密码后再使用系统！')).toBeTruthy()
    expect(screen.getByText('密码已被管理员重置')).toBeTruthy()
  })

  it('menus refused until the password is changed: the layout opens with the forced dialog, the session stays', async () => {
    const refused = new AxiosError('403', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 403,
      data: { status: 403, message: '请先修改密码后再使用系统', code: 'PASSWORD_CHANGE_REQUIRED' },
    } as AxiosResponse)
    vi.mocked(myMenuTree).mockRejectedValueOnce(refused)
    vi.mocked(checkPassword).mockResolvedValueOnce({ needChange: true, reason: 'initial' })
    const nav = vi.fn()
    setNavigate(nav)
    signIn()
    start('/home/home')
    expect(await screen.findByText('为了您的账号安全，请修改账号密码后再使用系统！')).toBeTruthy()
    expect(screen.getByText('当前为初始密码')).toBeTruthy()
    expect(nav).not.toHaveBeenCalled()
    expect(useSessionStore.getState().signedIn).toBe(true)
  })

  it('a request refused for the password opens the forced dialog', async () => {
    vi.mocked(checkPassword).mockClear()
    signIn()
    start('/home/home')
    // The dialog is rendered ahead (forceRender) but hidden while the check says no.
    const title = '为了您的账号安全，请修改账号密码后再使用系统！'
    const wrap = () => screen.getByText(title).closest('.ant-modal-wrap') as HTMLElement
    await screen.findByText(title)
    await waitFor(() => expect(checkPassword).toHaveBeenCalledTimes(1))
    expect(wrap().style.display).toBe('none')
    act(() => useSessionStore.getState().requirePasswordChange())
    await waitFor(() => expect(wrap().style.display).not.toBe('none'))
    expect(checkPassword).toHaveBeenCalledTimes(2) // asked again for the reason
  })

  it('tags: visiting pages adds tabs; closing the active one moves to the last', async () => {
    useSettingsStore.setState({ tagsView: true })
    signIn()
    start('/system/user')
    await screen.findByText('页面不存在：system/user')
    const side = document.querySelector('.sidebar') as HTMLElement
    fireEvent.click(within(side).getByText('角色管理'))
    await screen.findByText('页面不存在：system/role')
    const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent)
    expect(tabs()).toEqual(['首页', '用户管理', '角色管理'])
    // system/role has noCache, system/user stays cached (kept mounted, hidden).
    expect(useTagsStore.getState().cachedViews).toEqual(['/home/home', '/system/user'])
    fireEvent.click(screen.getByLabelText('关闭角色管理'))
    await waitFor(() => expect(location).toBe('/system/user'))
    expect(tabs()).toEqual(['首页', '用户管理'])
  })

  it('header menu switches the sidebar and opens the first page', async () => {
    signIn()
    start('/system/user')
    await screen.findByText('页面不存在：system/user')
    fireEvent.click(within(document.querySelector('.header-menu') as HTMLElement).getByText('系统监控'))
    await screen.findByText('页面不存在：monitor/online')
    expect(usePermissionStore.getState().activeTop).toBe('/monitor')
    expect(within(document.querySelector('.sidebar') as HTMLElement).getByText('操作日志')).toBeTruthy()
  })

  it('menu search jumps to the chosen page', async () => {
    signIn()
    start('/system/user')
    await screen.findByText('页面不存在：system/user')
    fireEvent.click(screen.getByLabelText('菜单搜索'))
    const input = await screen.findByRole('combobox')
    await act(async () => {
      fireEvent.change(input, { target: { value: '操作日志' } })
    })
    fireEvent.click(await screen.findByText('系统监控 > 操作日志'))
    await screen.findByText('页面不存在：monitor/log')
    expect(location).toBe('/monitor/log')
  })

  it.each([
    ['/payment?status=success', '支付成功'],
    ['/mobileUpload', '上传文件'],
    ['/democratic/meeting/12', '民主生活会'],
    ['/questionnaire/abc', '问卷回执'],
    ['/404', '抱歉，您访问的页面不存在。'],
    ['/401', '抱歉，您没有访问权限，请联系管理员。'],
  ])('public page %s renders without a session', async (path, text) => {
    start(path)
    expect(await screen.findByText(text)).toBeTruthy()
    expect(location).toBe(path)
  })

  it('isDead greys public pages', async () => {
    useConfigStore.setState({ config: { isDead: 'true' }, loaded: true })
    start('/login')
    await screen.findByRole('button', { name: /登\s*录/ })
    expect(document.querySelector('.is-dead')).not.toBeNull()
  })

  it('below 992 px the sidebar is a drawer with the mode\'s sections; the header actions are one menu', async () => {
    const width = window.innerWidth
    Object.defineProperty(window, 'innerWidth', { value: 800, configurable: true })
    try {
      signIn()
      start('/system/user')
      await screen.findByText('页面不存在：system/user')
      expect(document.querySelector('.app-sider')).toBeNull()
      expect(document.querySelector('.sidebar')).toBeNull()
      fireEvent.click(screen.getByLabelText('展开侧边栏'))
      expect(await screen.findByText('角色管理')).toBeTruthy()
      expect(document.querySelector('.ant-drawer .sidebar')).not.toBeNull()
      // On a phone the drawer holds the mode's first-level entries with their pages (this tree's menus
      // name no mode: all of them); there is no header menu.
      const drawer = document.querySelector('.ant-drawer .sidebar') as HTMLElement
      expect(within(drawer).getByText('系统管理')).toBeTruthy()
      expect(within(drawer).getByText('系统监控')).toBeTruthy()
      fireEvent.click(within(drawer).getByText('系统监控'))
      expect(await within(drawer).findByText('在线用户')).toBeTruthy()
      expect(document.querySelector('.header-menu')).toBeNull()
      // The header's actions are one overflow menu; a waiting counter puts a dot on it.
      expect(screen.queryByLabelText('用户菜单')).toBeNull()
      expect(screen.queryByLabelText('布局大小')).toBeNull()
      await waitFor(() => expect(document.querySelector('[aria-label="更多操作"] .ant-badge-dot')).not.toBeNull())
      fireEvent.click(screen.getByLabelText('更多操作'))
      for (const entry of ['菜单搜索', '待办', '消息', '预警', '个人中心', '退出登录']) {
        expect(await screen.findByText(entry)).toBeTruthy()
      }
      // Only what works on a phone.
      for (const desktop of ['布局大小', '全屏', '布局设置']) expect(screen.queryByText(desktop)).toBeNull()
      expect(document.querySelector('.phone-actions-menu [data-counter="warning"]')!.textContent).toContain('99+')
    } finally {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true })
    }
  })
})

describe('print views', () => {
  beforeEach(() => {
    useSessionStore.getState().clear()
    useConfigStore.setState({ config: {}, school: null, loaded: true })
    vi.mocked(auth.getInfo).mockResolvedValue(makeUser())
    vi.mocked(myMenuTree).mockResolvedValue(TREE)
  })

  it('a signed-in user sees a print view alone, without the app around it', async () => {
    signIn()
    start('/print/sample-notice?id=7')
    expect(await screen.findByRole('heading', { name: '发展党员公示' })).toBeTruthy()
    expect(screen.getByText('公示内容')).toBeTruthy()
    expect(document.querySelector('.header-menu')).toBeNull()
    expect(document.querySelector('.sidebar')).toBeNull()
    expect(location).toBe('/print/sample-notice?id=7')
  })

  it('a missing print view says so', async () => {
    signIn()
    start('/print/no-such-view')
    expect(await screen.findByText('页面不存在：print/no-such-view')).toBeTruthy()
  })

  it('without a session a print view goes to the login page and back', async () => {
    start('/print/sample-notice?id=7')
    await screen.findByRole('button', { name: /登\s*录/ })
    expect(location).toBe('/login?redirect=%2Fprint%2Fsample-notice%3Fid%3D7')
  })
})
