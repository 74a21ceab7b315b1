import { create } from 'zustand'
import * as authApi from '@/api/auth'
import { cancelAllRequests } from '@/api/request'
import type { User } from '@/api/types'
import { normalizeRoles } from '@/utils/permission'
import { encryptPassword } from '@/utils/passwordCipher'
import { forgetSession, hasSession } from '@/utils/token'
import { usePermissionStore } from './permission'
import { signedOut } from './signOut'
import { useTagsStore } from './tags'

export interface LoginForm {
  username: string
  password: string
  code: string
  uuid: string
  rememberMe: boolean
}

interface SessionState {
  /** A session cookie exists (known from the server's marker cookie; the token itself is HttpOnly). */
  signedIn: boolean
  user: User | null
  /** Permission strings; never empty once the user is loaded. */
  roles: string[]
  /** Set by login: the guard reloads the menu tree before entering. */
  loadMenus: boolean
  /** The server refused a request until the password is changed (403 PASSWORD_CHANGE_REQUIRED). */
  mustChangePassword: boolean
  requirePasswordChange: () => void
  login: (form: LoginForm) => Promise<void>
  /** WeLink 免登: signs in the WeLink user the code was given to. */
  loginWithWeLink: (code: string) => Promise<void>
  /** 短信验证码登录. */
  loginWithCode: (phone: string, vercode: string, rememberMe: boolean) => Promise<void>
  /** A sign-in answered by another call (registration): the server has set the session cookie. */
  signedInAs: (user: User) => void
  /** Single sign-on: turns a session id from the URL into the session cookie. */
  adoptSession: (sessionId: string) => Promise<void>
  fetchInfo: () => Promise<User>
  setUser: (user: User) => void
  menusLoaded: () => void
  logout: () => Promise<void>
  /** Drops the local session without calling the server (expired session). */
  clear: () => void
}

export const useSessionStore = create<SessionState>((set, get) => ({
  signedIn: hasSession(),
  user: null,
  roles: [],
  loadMenus: false,
  mustChangePassword: false,
  requirePasswordChange: () => set({ mustChangePassword: true }),
  login: async (form) => {
    const publicKey = await authApi.getPublicKey()
    const res = await authApi.login({ ...form, username: form.username.trim(), password: await encryptPassword(publicKey, form.password) })
    // The answer set the HttpOnly session cookie (a day with rememberMe, else until the browser closes).
    set({ signedIn: true, user: res.user, roles: normalizeRoles(res.user.roles), loadMenus: true })
  },
  loginWithWeLink: async (code) => {
    const res = await authApi.weLinkLogin(code)
    set({ signedIn: true, user: res.user, roles: normalizeRoles(res.user.roles), loadMenus: true })
  },
  loginWithCode: async (phone, vercode, rememberMe) => {
    const res = await authApi.vercodeLogin({ phone: phone.trim(), vercode: vercode.trim(), rememberMe })
    get().signedInAs(res.user)
  },
  signedInAs: (user) => set({ signedIn: true, user, roles: normalizeRoles(user.roles), loadMenus: true }),
  adoptSession: async (sessionId) => {
    await authApi.adoptSession(sessionId)
    set({ signedIn: true, user: null, roles: [], loadMenus: true })
  },
  fetchInfo: async () => {
    const user = await authApi.getInfo()
    get().setUser(user)
    return user
  },
  setUser: (user) => set({ user, roles: normalizeRoles(user.roles) }),
  menusLoaded: () => set({ loadMenus: false }),
  logout: async () => {
    // The server call may fail (already expired); the local session ends regardless.
    await authApi.logout().catch(() => undefined)
    get().clear()
  },
  clear: () => {
    cancelAllRequests()
    forgetSession()
    signedOut()
    usePermissionStore.getState().reset()
    useTagsStore.getState().reset()
    set({ signedIn: false, user: null, roles: [], loadMenus: false, mustChangePassword: false })
  },
}))
