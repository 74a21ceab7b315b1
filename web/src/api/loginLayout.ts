import { get, put } from './request'
import type { LoginLayout, LoginLayoutView, Variant } from './generated/loginLayout'
import { VARIANTS } from './generated/loginLayout'

/** The variant a login path shows (/kclogin → kclogin); any other path shows the standard one. */
export function variantOf(pathname: string): Variant {
  const v = pathname.replace(/^\//, '') as Variant
  return VARIANTS.includes(v) ? v : 'login'
}

/** Silent: without it the login page keeps its default layout. */
export const getLoginLayout = (variant: Variant) => get<LoginLayoutView>(`/api/loginLayout/${variant}`, undefined, { silent: true })
export const listLoginLayouts = () => get<LoginLayout[]>('/api/loginLayouts')
export const saveLoginLayout = (body: LoginLayout) => put<void>('/api/loginLayouts', body)
