import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons'
import { Tooltip } from 'antd'
import { useEffect, useState } from 'react'
import { ui } from '../../bridge'

export const FULLSCREEN_UNSUPPORTED = '您的浏览器不支持全屏'

/** Whether the page is full screen, and the switch (the phone's overflow menu uses it too). */
export function useFullscreen() {
  const [full, setFull] = useState(!!document.fullscreenElement)
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement)
    document.addEventListener('fullscreenchange', on)
    return () => document.removeEventListener('fullscreenchange', on)
  }, [])
  const toggle = () => {
    if (!document.fullscreenEnabled) return void ui.message.warning(FULLSCREEN_UNSUPPORTED)
    if (document.fullscreenElement) void document.exitFullscreen()
    else void document.documentElement.requestFullscreen()
  }
  return { full, toggle }
}

export default function FullscreenToggle() {
  const { full, toggle } = useFullscreen()
  const Icon = full ? FullscreenExitOutlined : FullscreenOutlined
  return (
    <Tooltip title={full ? '退出全屏' : '全屏'}>
      <span className="top-bar-item" role="button" aria-label="全屏" onClick={toggle}>
        <Icon />
      </span>
    </Tooltip>
  )
}
