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
  adoptSession: vi.fn(() => Promise.resolve()),
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
    Cookies.remove('zhdj_signed_in', { path: '/' })
    useSessionStore.setState({ signedIn: false, user: null, roles: [], loadMenus: false })
    vi.mocked(auth.getPublicKey).mockResolvedValue({ publicKey: publicKey.toString('base64'), algorithm: 'rsa' })
  })

  it('login trims the user name, RSA-encrypts the password and keeps no token', async () => {
    vi.mocked(auth.login).mockResolvedValue({ token: 'T1', user: makeUser({ roles: [] }) } as never)
    await useSessionStore.getState().login({ username: '  admin ', password: 'Secret#123', code: '7', uuid: 'u1', rememberMe: false })
    const body = vi.mocked(auth.login).mock.calls[0][0]
    expect(body.username).toBe('admin')
    expect(body.password).not.toBe('Secret#123')
    expect(decrypt(body.password)).toBe('Secret#123')
    expect(body).toMatchObject({ code: '7', uuid: 'u1', rememberMe: false })
    // The session is the server's HttpOnly cookie: the token is stored nowhere a script can read.
    expect(document.cookie).not.toContain('T1')
    expect(JSON.stringify(useSessionStore.getState())).not.toContain('T1')
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('T1')
    // A user with no roles gets the default role; menus must be loaded next.
    expect(useSessionStore.getState()).toMatchObject({ signedIn: true, roles: ['ROLE_SYSTEM_DEFAULT'], loadMenus: true })
  })

  it('login encrypts with SM2 when the server names it (国密), in the C1C3C2 form the server reads', async () => {
    const { sm2 } = await import('sm-crypto-v2')
    const pair = sm2.generateKeyPairHex()
    vi.mocked(auth.getPublicKey).mockResolvedValue({ publicKey: pair.publicKey, algorithm: 'sm2' })
    vi.mocked(auth.login).mockResolvedValue({ token: 'T1', user: makeUser({ roles: [] }) } as never)
    await useSessionStore.getState().login({ username: 'admin', password: 'Secret#123 党', code: '7', uuid: 'u1', rememberMe: false })
    const body = vi.mocked(auth.login).mock.calls.at(-1)![0]
    expect(body.password).toMatch(/^sm2:[0-9a-f]+$/)
    expect(sm2.doDecrypt(body.password.slice(4), pair.privateKey, 1)).toBe('Secret#123 党')
    expect(decrypt(body.password)).toBeFalsy() // not an RSA ciphertext
  })

  it('fetchInfo sets user and roles', async () => {
    vi.mocked(auth.getInfo).mockResolvedValue(makeUser({ roles: ['admin', 'user:list'] }))
    await useSessionStore.getState().fetchInfo()
    expect(useSessionStore.getState().roles).toEqual(['admin', 'user:list'])
  })

  it('logout calls the server and clears token, roles, menus, tabs and counters', async () => {
    vi.mocked(myMenuTree).mockResolvedValue(TREE)
    await useSessionStore.getState().adoptSession('T2')
    expect(auth.adoptSession).toHaveBeenCalledWith('T2')
    expect(useSessionStore.getState().signedIn).toBe(true)
    Cookies.set('zhdj_signed_in', '1', { path: '/' })
    await usePermissionStore.getState().loadMenus()
    useTagsStore.getState().addView({ path: '/a', fullPath: '/a', title: 'A' })
    useCountersStore.setState({ todo: 5 })
    const stop = vi.spyOn(useCountersStore.getState(), 'stopPolling')
    await useSessionStore.getState().logout()
    expect(auth.logout).toHaveBeenCalled()
    expect(Cookies.get('zhdj_signed_in')).toBeUndefined()
    expect(useSessionStore.getState()).toMatchObject({ signedIn: false, user: null, roles: [] })
    expect(usePermissionStore.getState().loaded).toBe(false)
    expect(useTagsStore.getState().visitedViews).toEqual([])
    expect(useCountersStore.getState().todo).toBe(0)
    expect(stop).toHaveBeenCalled()
  })

  it('logout still ends the local session when the server call fails', async () => {
    vi.mocked(auth.logout).mockRejectedValueOnce(new Error('401'))
    await useSessionStore.getState().adoptSession('T3')
    await useSessionStore.getState().logout()
    expect(useSessionStore.getState().signedIn).toBe(false)
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
    expect(paths).toContain('/help/document')
    // Named routes of modules that are not built yet are absent.
    expect(paths).not.toContain('/pschool')
  })
})
