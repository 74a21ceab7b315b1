import { useEffect, useState } from 'react'
import type { Compare, ScreenMap, Trend } from '@/api/generated/bigscreen'
import { SCREEN_PATHS } from '@/api/generated/bigscreen'
import type { Structure, UnitLine } from '@/api/generated/gbanalysis'
import { fetchSigned, parseHash, ScreenError, verify, type Signed } from './api'
import { CadreCompare, CadreOverview, CadreStructure, PartyCompare, PartyMap, PartyTrend } from './views'

/** A screen: its title, the data route it reads and how it draws the answer. */
interface ScreenDef {
  title: string
  url: string
  draw: (data: unknown) => React.ReactNode
}

const SCREENS: Record<string, ScreenDef> = {
  [SCREEN_PATHS.partyMap]: { title: '党建驾驶舱 · 综合地图', url: '/api/report/aj/dj/map', draw: (d) => <PartyMap data={d as ScreenMap} /> },
  [SCREEN_PATHS.partyCompare]: { title: '党建驾驶舱 · 综合对比', url: '/api/report/aj/dj/compare', draw: (d) => <PartyCompare data={d as Compare} /> },
  [SCREEN_PATHS.partyTrend]: { title: '党建驾驶舱 · 综合统计', url: '/api/report/aj/dj/trend', draw: (d) => <PartyTrend data={d as Trend} /> },
  [SCREEN_PATHS.cadreMap]: { title: '干部驾驶舱 · 综合概览', url: '/api/report/aj/gb/structure', draw: (d) => <CadreOverview data={d as Structure} /> },
  [SCREEN_PATHS.cadreCompare]: { title: '干部驾驶舱 · 综合对比', url: '/api/report/aj/gb/units', draw: (d) => <CadreCompare data={d as UnitLine[]} /> },
  [SCREEN_PATHS.cadreTrend]: { title: '干部驾驶舱 · 综合统计', url: '/api/report/aj/gb/structure', draw: (d) => <CadreStructure data={d as Structure} /> },
}

type State = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; data: unknown }

/** Verifies the signature, then reads the screen's data; any refusal shows its message instead of data. */
function useScreen(def: ScreenDef | undefined, signed: Signed): State {
  const [state, setState] = useState<State>({ phase: 'loading' })
  const key = `${def?.url}|${signed.timestamp}|${signed.platformCode}|${signed.sign}`
  useEffect(() => {
    let gone = false
    const load = async () => {
      if (!def) throw new ScreenError('大屏页面不存在，请从系统菜单中打开驾驶舱')
      if (!signed.sign) throw new ScreenError('缺少大屏签名，请从系统中打开驾驶舱')
      await verify(signed)
      return fetchSigned<unknown>(def.url, signed)
    }
    load().then(
      (data) => !gone && setState({ phase: 'ready', data }),
      (e: unknown) => !gone && setState({ phase: 'error', message: e instanceof ScreenError ? e.message : '大屏加载失败，请刷新重试' }),
    )
    return () => {
      gone = true
    }
    // key names everything the effect reads
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return state
}

/** The hash route, followed as it changes. */
function useHashRoute() {
  const [hash, setHash] = useState(() => window.location.hash)
  useEffect(() => {
    const on = () => setHash(window.location.hash)
    window.addEventListener('hashchange', on)
    return () => window.removeEventListener('hashchange', on)
  }, [])
  return parseHash(hash)
}

function Clock() {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const t = window.setInterval(() => setNow(new Date()), 30_000)
    return () => window.clearInterval(t)
  }, [])
  return <span className="bs-clock">{now.toLocaleString('zh-CN', { dateStyle: 'long', timeStyle: 'short', hour12: false })}</span>
}

/** The big screen: a dark full-screen dashboard chosen by the hash route. */
export default function BigScreen() {
  const { path, signed } = useHashRoute()
  const def = SCREENS[path]
  const state = useScreen(def, signed)
  useEffect(() => {
    document.title = def?.title ?? '驾驶舱'
  }, [def])
  return (
    <div className="bs-root">
      <header className="bs-header">
        <h1>{def?.title ?? '驾驶舱'}</h1>
        <Clock />
      </header>
      <main className="bs-main">
        {state.phase === 'loading' && <div className="bs-state">加载中…</div>}
        {state.phase === 'error' && (
          <div className="bs-state bs-error" role="alert">
            {state.message}
          </div>
        )}
        {state.phase === 'ready' && def?.draw(state.data)}
      </main>
    </div>
  )
}
