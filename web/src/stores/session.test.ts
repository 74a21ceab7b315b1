import { generateKeyPairSync } from 'node:crypto'
import { JSEncrypt } from 'jsencrypt'
import Cookies from 'js-cookie'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser, TREE } from '@/test/fixtures'

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'der' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
})

vi.mock('@/api/auth', () => ({
  getPublicKey: vi.fn(),
  login: vi.fn(),
  getInfo: vi.fn(),
  logout: vi.fn(() => Promise.resolve()),
}))
vi.mock('@/api/menu', () => ({ myMenuTree: vi.fn() }))

import * as auth from '@/api/auth'
import { myMenuTree } from '@/api/menu'
import { useCountersStore } from './counters'
import { usePermissionStore } from './permission'
import { useSessionStore } from './session'
import { useTagsStore } from './tags'

const decrypt = (text: string) => {
  const d = new JSEncrypt()
  d.setPrivateKey(privateKey)
  return d.decrypt(text)
}

describe('session store', () => {
  beforeEach(() => {
    Cookies.remove('Admin-Token', { path: '/' })
    useSessionStore.setState({ token: undefined, user: null, roles: [], loadMenus: false })
    vi.mocked(auth.getPublicKey).mockResolvedValue(publicKey.toString('base64'))
  })

  it('login trims the user name, RSA-encrypts the password and stores the token', async () => {
    vi.mocked(auth.login).mockResolvedValue({ token: 'T1', user: makeUser({ roles: [] }) })
    await useSessionStore.getState().login({ username: '  admin ', password: 'Secret#123', code: '7', uuid: 'u1', rememberMe: false })
    const body = vi.mocked(auth.login).mock.calls[0][0]
    expect(body.username).toBe('admin')
    expect(body.password).not.toBe('Secret#123')
    expect(decrypt(body.password)).toBe('Secret#123')
    expect(body).toMatchObject({ code: '7', uuid: 'u1', rememberMe: false })
    expect(Cookies.get('Admin-Token')).toBe('T1')
    // A user with no roles gets the default role; menus must be loaded next.
    expect(useSessionStore.getState()).toMatchObject({ token: 'T1', roles: ['ROLE_SYSTEM_DEFAULT'], loadMenus: true })
  })

  it('fetchInfo sets user and roles', async () => {
    vi.mocked(auth.getInfo).mockResolvedValue(makeUser({ roles: ['admin', 'user:list'] }))
    await useSessionStore.getState().fetchInfo()
    expect(useSessionStore.getState().roles).toEqual(['admin', 'user:list'])
  })

  it('logout calls the server and clears token, roles, menus, tabs and counters', async () => {
    vi.mocked(myMenuTree).mockResolvedValue(TREE)
    useSessionStore.getState().adoptToken('T2')
    await usePermissionStore.getState().loadMenus()
    useTagsStore.getState().addView({ path: '/a', fullPath: '/a', title: 'A' })
    useCountersStore.setState({ todo: 5 })
    const stop = vi.spyOn(useCountersStore.getState(), 'stopPolling')
    await useSessionStore.getState().logout()
    expect(auth.logout).toHaveBeenCalled()
    expect(Cookies.get('Admin-Token')).toBeUndefined()
    expect(useSessionStore.getState()).toMatchObject({ token: undefined, user: null, roles: [] })
    expect(usePermissionStore.getState().loaded).toBe(false)
    expect(useTagsStore.getState().visitedViews).toEqual([])
    expect(useCountersStore.getState().todo).toBe(0)
    expect(stop).toHaveBeenCalled()
  })

  it('logout still ends the local session when the server call fails', async () => {
    vi.mocked(auth.logout).mockRejectedValueOnce(new Error('401'))
    useSessionStore.getState().adoptToken('T3')
    await useSessionStore.getState().logout()
    expect(useSessionStore.getState().token).toBeUndefined()
  })
})

describe('permission store', () => {
  it('merges static routes with menu routes and picks the first top entry', async () => {
    vi.mocked(myMenuTree).mockResolvedValue(TREE)
    usePermissionStore.getState().reset()
    await usePermissionStore.getState().loadMenus()
    const s = usePermissionStore.getState()
    expect(s.loaded).toBe(true)
    expect(s.activeTop).toBe('/system')
    const paths = s.routes.map((r) => r.path)
    expect(paths.slice(0, 4)).toEqual(['/home/home', '/user/center', '/message/msginfo', '/message/warning'])
    expect(paths).toContain('/system/dict/detail')
    // Named routes of modules that are not built yet are absent.
    expect(paths).not.toContain('/workbench/dj/home')
  })
})
