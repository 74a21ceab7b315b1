import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { useMemo } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import { useAppStore } from '@/stores/app'
import { useSettingsStore } from '@/stores/settings'
import Bridge from './Bridge'
import Gate from './router/Gate'
import { antdSize, themeConfig } from './theme'
import { usePrefersReducedMotion } from './usePrefersReducedMotion'

const FORM_DEFAULTS = { scrollToFirstError: { block: 'center', behavior: 'smooth', focus: true } } as const

export default function App() {
  const primary = useSettingsStore((s) => s.theme)
  const size = useAppStore((s) => s.size)
  const reducedMotion = usePrefersReducedMotion()
  const theme = useMemo(() => themeConfig(primary, size, reducedMotion), [primary, size, reducedMotion])
  return (
    // Every form submitted through onFinish scrolls to its first bad field (the kit's validateOrScroll does it for the rest).
    <ConfigProvider locale={zhCN} theme={theme} componentSize={antdSize(size)} modal={{ mask: { closable: false } }} form={FORM_DEFAULTS}>
      <AntApp className="app-root">
        <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
          <Bridge />
          <Routes>
            <Route path="*" element={<Gate />} />
          </Routes>
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  )
}
