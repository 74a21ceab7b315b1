import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/components/chart/EChart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}))

import BigScreen from './App'
import { parseHash } from './api'

const SIGNED = 'timestamp=1796100000000&platformCode=dj.7&sign=' + 'ab'.repeat(32)

/** Answers fetch by path: verification with status `verifyStatus`, the data routes with `data`. */
function serve(verifyStatus: number, data: unknown, message = '大屏签名已过期，请从系统中重新打开驾驶舱') {
  const asked: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url)
      const ok = !url.startsWith('/api/report/aj/verification') || verifyStatus === 200
      const body = url.startsWith('/api/report/aj/verification') ? (ok ? { kind: 'dj', expiresAt: '' } : { status: verifyStatus, message }) : data
      return Promise.resolve(new Response(JSON.stringify(body), { status: ok ? 200 : verifyStatus }))
    }),
  )
  return asked
}

beforeEach(() => {
  window.location.hash = ''
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('big screen', () => {
  it('reads the hash route', () => {
    expect(parseHash(`#/aj/djzhdb?${SIGNED}`)).toEqual({
      path: '/aj/djzhdb',
      signed: { timestamp: '1796100000000', platformCode: 'dj.7', sign: 'ab'.repeat(32) },
    })
    expect(parseHash('')).toEqual({ path: '/', signed: { timestamp: '', platformCode: '', sign: '' } })
  })

  it('shows the refusal of an expired signature, and asks for no data', async () => {
    const asked = serve(401, { lines: [{ name: '计算机学院党委', members: 9, probation: 0, women: 0, developed: 0 }], year: 2026 })
    window.location.hash = `#/aj/djzhdb?${SIGNED}`
    render(<BigScreen />)
    expect((await screen.findByRole('alert')).textContent).toBe('大屏签名已过期，请从系统中重新打开驾驶舱')
    expect(asked).toEqual([`/api/report/aj/verification?${SIGNED}`])
    expect(screen.queryByText('计算机学院党委')).toBeNull()
  })

  it('says a signature is missing without asking the server', async () => {
    const asked = serve(200, {})
    window.location.hash = '#/dv1'
    render(<BigScreen />)
    expect((await screen.findByRole('alert')).textContent).toBe('缺少大屏签名，请从系统中打开驾驶舱')
    expect(asked).toEqual([])
  })

  it('draws the screen once the signature holds', async () => {
    serve(200, { year: 2026, lines: [{ name: '计算机学院党委', members: 9, probation: 1, women: 2, developed: 1 }] })
    window.location.hash = `#/aj/djzhdb?${SIGNED}`
    render(<BigScreen />)
    expect(await screen.findByRole('img', { name: '各二级党委党员、预备党员、女党员和本年发展对比' })).toBeTruthy()
    expect(screen.getByText('党建驾驶舱 · 综合对比')).toBeTruthy()
  })

  it('shows the fee collection rates on 综合统计', async () => {
    const fees = (months: number, rateBp: number) => ({ members: 1, months, unpaidMonths: 0, dueFen: 1000, paidFen: 500, extraFen: 0, outstandingFen: 500, rateBp, peopleRateBp: 0 })
    const asked = serve(200, { years: [{ year: 2026, joined: 1, full: 0 }], month: '2026-03', feeYear: fees(3, 8333), feeMonth: fees(0, 10000) })
    window.location.hash = `#/aj/djzhtb?${SIGNED}`
    render(<BigScreen />)
    expect(await screen.findByText('83.33%')).toBeTruthy()
    expect(screen.getByText('2026年收缴率')).toBeTruthy()
    expect(screen.getByText('本月尚未启动收缴')).toBeTruthy()
    expect(asked).toContain(`/api/report/aj/dj/trend?${SIGNED}`)
  })

  it('says where to configure an empty map', async () => {
    serve(200, { configured: false, members: 3, campuses: [] })
    window.location.hash = `#/dv1?${SIGNED}`
    render(<BigScreen />)
    expect(await screen.findByText(/尚未配置校区示意图/)).toBeTruthy()
  })
})
