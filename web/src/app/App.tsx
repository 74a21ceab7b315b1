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

export default function App() {
  const primary = useSettingsStore((s) => s.theme)
  const size = useAppStore((s) => s.size)
  const reducedMotion = usePrefersReducedMotion()
  const theme = useMemo(() => themeConfig(primary, size, reducedMotion), [primary, size, reducedMotion])
  return (
    <ConfigProvider locale={zhCN} theme={theme} componentSize={antdSize(size)} modal={{ mask: { closable: false } }}>
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
