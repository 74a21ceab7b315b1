import { describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { decide, isDeadStyled, isPublicPath, landingPath, safeRedirect, sessionIdFrom, type GuardInput } from './guard'

const base: GuardInput = { pathname: '/system/user', search: '', signedIn: false, ready: false, newLogin: false, landing: '/home/home' }
const run = (over: Partial<GuardInput>) => decide({ ...base, ...over })

describe('navigation guard', () => {
  it('no session → /login with the path to come back to', () => {
    expect(run({ pathname: '/system/user', search: '?a=1' })).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fsystem%2Fuser%3Fa%3D1' })
  })

  it('no session and the new-login setting → /newlogin', () => {
    expect(run({ newLogin: true })).toEqual({ kind: 'redirect', to: '/newlogin?redirect=%2Fsystem%2Fuser' })
  })

  it('no session at the root → plain login', () => {
    expect(run({ pathname: '/' })).toEqual({ kind: 'redirect', to: '/login' })
  })

  it.each(['/login', '/kclogin', '/lylogin', '/rjlogin', '/newlogin', '/salogin', '/register', '/resetPass', '/404', '/401', '/payment', '/mobileUpload', '/redirect/home/home', '/democratic/meeting', '/democratic/meetingReceipt/3', '/questionnaire', '/questionnaire/abc'])(
    'public %s needs no session',
    (pathname) => {
      expect(isPublicPath(pathname)).toBe(true)
      expect(run({ pathname })).toEqual({ kind: 'allow' })
    },
  )

  it('private paths are not public', () => {
    expect(isPublicPath('/home/home')).toBe(false)
    expect(isPublicPath('/democratic')).toBe(false)
    expect(isPublicPath('/loginx')).toBe(false)
  })

  it('signed-in user opening /login or /newlogin → /', () => {
    expect(run({ pathname: '/login', signedIn: true, ready: true })).toEqual({ kind: 'redirect', to: '/' })
    expect(run({ pathname: '/newlogin', signedIn: true, ready: false })).toEqual({ kind: 'redirect', to: '/' })
  })

  it('just signed in on /login?redirect=… → straight to that path (not / first), never to another site', () => {
    const at = (redirect: string) => run({ pathname: '/login', search: `?redirect=${encodeURIComponent(redirect)}`, signedIn: true, ready: false })
    expect(at('/questionnaire/s/abc')).toEqual({ kind: 'redirect', to: '/questionnaire/s/abc' })
    expect(at('//evil.example/x')).toEqual({ kind: 'redirect', to: '/' })
  })

  it('token without loaded user → load first', () => {
    expect(run({ signedIn: true, ready: false })).toEqual({ kind: 'load' })
    // /redirect re-enters a layout page, so it waits for the session too.
    expect(run({ pathname: '/redirect/home/home', signedIn: true, ready: false })).toEqual({ kind: 'load' })
  })

  it('/ → the landing page', () => {
    expect(run({ pathname: '/', signedIn: true, ready: true })).toEqual({ kind: 'redirect', to: '/home/home' })
    expect(run({ pathname: '/', signedIn: true, ready: true, landing: '/list-home/dyHome' })).toEqual({ kind: 'redirect', to: '/list-home/dyHome' })
  })

  it('lands on 首页; a member without the home figures on their own home once it exists (by permission)', () => {
    expect(landingPath(['admin'], true)).toBe('/home/home')
    expect(landingPath([PERM.homeView, PERM.dyHome], true)).toBe('/home/home')
    expect(landingPath([PERM.dyHome], true)).toBe('/list-home/dyHome')
    expect(landingPath([PERM.dyHome], false)).toBe('/home/home')
    expect(landingPath([PERM.userList], true)).toBe('/home/home')
    // A 学员 (dx:learn alone) on 我的党校 once it exists; a member who also learns on their own home.
    expect(landingPath([PERM.dxLearn], true, true)).toBe('/pschool/home/page')
    expect(landingPath([PERM.dxLearn], true, false)).toBe('/home/home')
    expect(landingPath([PERM.dyHome, PERM.dxLearn], true, true)).toBe('/list-home/dyHome')
    expect(landingPath([PERM.homeView, PERM.dxLearn], true, true)).toBe('/home/home')
  })

  it('signed in and loaded → allow', () => {
    expect(run({ signedIn: true, ready: true })).toEqual({ kind: 'allow' })
  })

  it('sessionId query parameter', () => {
    expect(sessionIdFrom('?sessionId=abc&x=1')).toBe('abc')
    expect(sessionIdFrom('?x=1')).toBeNull()
  })

  it('post-login target stays inside the app', () => {
    expect(safeRedirect('/system/user?a=1')).toBe('/system/user?a=1')
    expect(safeRedirect(null)).toBe('/')
    expect(safeRedirect('//evil.example')).toBe('/')
    expect(safeRedirect('/\\evil.example')).toBe('/')
    expect(safeRedirect('https://evil.example')).toBe('/')
  })

  it('isDead greys public pages and home only', () => {
    expect(isDeadStyled('/login')).toBe(true)
    expect(isDeadStyled('/home/home')).toBe(true)
    expect(isDeadStyled('/system/user')).toBe(false)
  })
})
