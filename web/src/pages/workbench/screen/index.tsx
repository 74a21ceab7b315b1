import { EditOutlined, FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Spin, Tooltip } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { SCREEN_PATHS, type Signature } from '@/api/generated/bigscreen'
import { PERM } from '@/api/permissions'
import { get } from '@/api/request'
import { matchRoute } from '@/app/router/match'
import { useHasPermission } from '@/components/Permission'
import { usePermissionStore } from '@/stores/permission'
import CampusMapEditor from './CampusMapEditor'

/** How long the loading indicator covers the frame (spec §2: hidden after 230 ms). */
export const LOADER_MS = 230

/** The big screen's page; the external path becomes its hash route. */
export const SCREEN_PAGE = '/bigscreen/index.html'

/** The frame's address: the screen's hash route with the signature's fields as its query. */
export function screenSrc(extpath: string, s: Signature): string {
  const q = new URLSearchParams({ timestamp: s.timestamp, platformCode: s.platformCode, sign: s.sign })
  return `${SCREEN_PAGE}#${extpath}?${q.toString()}`
}

/** The external path of the menu page open at pathname ('' when it has none). */
export function useExtpath(): string {
  const { pathname } = useLocation()
  const routes = usePermissionStore((s) => s.routes)
  return matchRoute(routes, pathname)?.meta.extpath ?? ''
}

/**
 * The big-screen view (驾驶舱 pages, spec §2): the menu page's external path shown in a frame of the big
 * screen with a fresh signature, a loading indicator for the first 230 ms and a full-screen toggle. The
 * layout hides its header on such pages; a copy of the app opened inside a frame leaves the frame.
 */
export default function BigScreenView() {
  const extpath = useExtpath()
  const box = useRef<HTMLDivElement>(null)
  const [loading, setLoading] = useState(true)
  const [full, setFull] = useState(false)
  const [editing, setEditing] = useState(false)
  const [shown, setShown] = useState(0) // bumped after the map is saved: the frame reloads with a fresh signature
  const mayEditMap = useHasPermission([PERM.dpMapEdit]) && extpath === SCREEN_PATHS.partyMap
  // A fresh signature each time the page opens (never cached: it expires within minutes).
  const q = useQuery({
    queryKey: ['bigscreen', 'sign', extpath, shown],
    queryFn: () => get<Signature>('/api/bigscreen/sign', { path: extpath }),
    enabled: extpath !== '',
    gcTime: 0,
    staleTime: 0,
  })

  useEffect(() => {
    // The app shown inside another page's frame would nest the screen in two frames: leave it.
    if (window.top && window.top !== window.self) {
      try {
        window.top.location.href = window.self.location.href
      } catch {
        // A frame of another origin cannot be left from here (its frame-ancestors policy refuses it anyway).
      }
    }
  }, [])

  useEffect(() => {
    const t = window.setTimeout(() => setLoading(false), LOADER_MS)
    return () => window.clearTimeout(t)
  }, [])

  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement != null)
    document.addEventListener('fullscreenchange', sync)
    return () => document.removeEventListener('fullscreenchange', sync)
  }, [])

  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.()
    else void box.current?.requestFullscreen?.()
  }

  if (!extpath) return <Alert type="warning" showIcon title="该菜单未配置外部地址，无法打开驾驶舱" />
  return (
    <div ref={box} className="bigscreen-view" style={{ position: 'relative', height: 'calc(100vh - 120px)', minHeight: 480, background: '#040b1d' }}>
      {q.isError ? (
        <Alert
          type="error"
          showIcon
          title="驾驶舱签名获取失败"
          description={q.error instanceof Error ? q.error.message : undefined}
          action={<Button icon={<ReloadOutlined />} onClick={() => void q.refetch()}>重试</Button>}
        />
      ) : (
        q.data && <iframe title="驾驶舱" src={screenSrc(extpath, q.data)} style={{ border: 0, width: '100%', height: '100%', display: 'block' }} />
      )}
      {loading && (
        <div data-testid="bigscreen-loader" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#040b1d' }}>
          <Spin size="large" />
        </div>
      )}
      {mayEditMap && !full && (
        // Bottom right: the screen's own header (title, date and clock) runs along the top.
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} style={{ position: 'absolute', bottom: 12, right: 12, zIndex: 2 }}>
          编辑示意图
        </Button>
      )}
      {editing && (
        <CampusMapEditor
          onClose={() => {
            setEditing(false)
            setShown((n) => n + 1)
          }}
        />
      )}
      <Tooltip title={full ? '退出全屏' : '全屏'}>
        <Button
          aria-label={full ? '退出全屏' : '全屏'}
          icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={toggle}
          style={{ position: 'absolute', top: 12, right: 12, zIndex: 2 }}
        />
      </Tooltip>
    </div>
  )
}
