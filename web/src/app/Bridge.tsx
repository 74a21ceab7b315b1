import { App } from 'antd'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { configureRequestHandlers, MSG_EXPIRED } from '@/api/request'
import { useNoAnchorStore } from '@/stores/noAnchor'
import { useSessionStore } from '@/stores/session'
import { currentPath, DIALOG_DEFAULTS, navigateTo, setNavigate, ui } from './bridge'

/** Connects the router and antd's context-aware feedback to code outside React. */
export default function Bridge() {
  const api = App.useApp()
  const navigate = useNavigate()

  useEffect(() => {
    ui.message = api.message
    ui.notification = api.notification
    ui.modal = api.modal
    setNavigate((to, replace) => navigate(to, { replace }))
  }, [api, navigate])

  useEffect(() => {
    configureRequestHandlers({
      notifyError: (description, title) => ui.notification.error({ title, description, duration: 5 }),
      confirmRelogin: () =>
        new Promise<boolean>((resolve) => {
          ui.modal.confirm({
            ...DIALOG_DEFAULTS,
            title: '系统提示',
            content: MSG_EXPIRED,
            okText: '重新登录',
            cancelText: '取消',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          })
        }),
      relogin: () => {
        const back = currentPath()
        void useSessionStore
          .getState()
          .logout()
          .then(() => navigateTo(`/login?redirect=${encodeURIComponent(back)}`, true))
      },
      forbidden: () => navigateTo('/401'),
      passwordChangeRequired: () => useSessionStore.getState().requirePasswordChange(),
      noAnchor: (message) => useNoAnchorStore.getState().report(currentPath().split('?')[0], message),
    })
  }, [])

  return null
}
