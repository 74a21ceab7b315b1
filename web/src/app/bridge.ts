import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd'

type AppApi = ReturnType<typeof App.useApp>

/**
 * Code outside React (the request pipeline, stores) reaches antd feedback and the router through
 * this bridge. <Bridge> inside the app replaces the static fallbacks with context-aware instances
 * so theme and locale apply.
 */
export const ui: AppApi = {
  message: staticMessage,
  notification: staticNotification,
  modal: Modal as unknown as AppApi['modal'],
}

let navigateImpl: (to: string, replace?: boolean) => void = (to) => window.location.assign(import.meta.env.BASE_URL.replace(/\/$/, '') + to)

export function setNavigate(fn: (to: string, replace?: boolean) => void): void {
  navigateImpl = fn
}

export function navigateTo(to: string, replace = false): void {
  navigateImpl(to, replace)
}

/** Current in-app path (without the /web base). */
export function currentPath(): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '')
  const p = window.location.pathname
  return (p.startsWith(base) ? p.slice(base.length) || '/' : p) + window.location.search
}

/** Shared defaults: dialogs never close on a backdrop click or Escape (spec §2). */
export const DIALOG_DEFAULTS = { mask: { closable: false }, keyboard: false } as const
