// Setup of the 'shared' test project (vite.config.ts): its files run one after another in a worker
// that keeps the loaded modules, so this file (run again before each of them) puts back what a test
// file may leave behind in the browser and in module state, as a fresh worker would have it.
import { message, Modal, notification } from 'antd'
import { vi } from 'vitest'
import { http } from '@/api/request'
import { ui } from '@/app/bridge'
import { useAppStore } from '@/stores/app'
import { useConfigStore } from '@/stores/config'
import { useCountersStore } from '@/stores/counters'
import { useModeStore } from '@/stores/mode'
import { useNoAnchorStore } from '@/stores/noAnchor'
import { usePermissionStore } from '@/stores/permission'
import { useSessionStore } from '@/stores/session'
import { useSettingsStore } from '@/stores/settings'
import { useTagsStore } from '@/stores/tags'

vi.useRealTimers()

// The browser: storage, cookies, title, address, anything left in the document.
localStorage.clear()
sessionStorage.clear()
for (const c of document.cookie.split(';')) {
  const name = c.split('=')[0].trim()
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
}
document.title = ''
document.body.innerHTML = ''
window.history.replaceState(null, '', '/')

// Module state: every store as created, the feedback bridge on antd's static functions, and the
// shared axios instance on its own adapter again (a test's MockAdapter replaced it).
const g = globalThis as { __httpAdapter?: typeof http.defaults.adapter }
g.__httpAdapter ??= http.defaults.adapter
http.defaults.adapter = g.__httpAdapter
ui.message = message
ui.notification = notification
ui.modal = Modal as unknown as typeof ui.modal
useCountersStore.getState().stopPolling()
for (const store of [useAppStore, useConfigStore, useCountersStore, useModeStore, useNoAnchorStore, usePermissionStore, useSessionStore, useSettingsStore, useTagsStore]) {
  ;(store.setState as (s: unknown, replace: true) => void)(store.getInitialState(), true)
}
