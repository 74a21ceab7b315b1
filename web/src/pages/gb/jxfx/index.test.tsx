import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Charts draw on a canvas the test DOM lacks: show what each is given instead.
vi.mock('@/components/chart/EChart', () => ({
  default: ({ label, option }: { label: string; option: unknown }) => <div role="img" aria-label={label} data-option={JSON.stringify(option)} />,
}))

import type { CadreRound, Comparison, Distribution, Round, RoundAnalysis } from '@/api/generated/cadreAssess'
import { PERM } from '@/api/permissions'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { bandBars, gradePie, roundLabels, standings, teamBars, trendLine } from './charts'
import PerformancePage from './index'

const count = (label: string, n: number) => ({ label, count: n })
const dist = (over: Partial<Distribution> = {}): Distribution => ({
  cadres: 3,
  scored: 3,
  average: '71.17',
  grades: [count('优秀', 0), count('称职', 1), count('基本称职', 1), count('不称职', 1)],
  ungraded: 0,
  bands: [count('60分以下', 1), count('60-70分', 1), count('70-80分', 0), count('80-90分', 0), count('90分及以上', 1)],
  ...over,
})
const team: Comparison = {
  indicators: [
    { key: 'de', name: '德', weight: '0.4', score: '67.5', average: '71.67', diff: '-4.17' },
    { key: 'ji', name: '绩', weight: '0.6', score: '77.5', average: '70.83', diff: '6.67' },
  ],
  strengths: ['ji'],
  weaknesses: ['de'],
}
const cadreRound = (over: Partial<CadreRound>): CadreRound => ({
  roundId: 1, roundName: '2025年度考核', year: 2025, state: 'confirmed', unitName: '计算机学院', post: '院长', score: '80', rank: 2, ranked: 3, grade: '称职', ...over,
})

describe('绩效分析 charts', () => {
  it('shapes the grades, bands, team and trend for echarts', () => {
    expect((gradePie(dist()).series as { data: unknown[] }[])[0].data).toEqual([
      { name: '优秀', value: 0 }, { name: '称职', value: 1 }, { name: '基本称职', value: 1 }, { name: '不称职', value: 1 },
    ])
    // cadres without a grade are a slice of their own only when there are some
    expect((gradePie(dist({ ungraded: 2 })).series as { data: { name: string }[] }[])[0].data.at(-1)).toEqual({ name: '未定等次', value: 2 })
    expect((bandBars(dist()).series as { data: number[] }[])[0].data).toEqual([1, 1, 0, 0, 1])
    const bars = teamBars(team, '计算机学院').series as { name: string; data: (number | null)[] }[]
    expect(bars.map((s) => [s.name, s.data])).toEqual([['计算机学院', [67.5, 77.5]], ['全校', [71.67, 70.83]]])
    const rounds = [cadreRound({}), cadreRound({ roundId: 2, year: 2026, score: '93.5', rank: 1 }), cadreRound({ roundId: 3, roundName: '专项考核', year: 2026, score: null, grade: '' })]
    expect(roundLabels(rounds)).toEqual(['2025年', '2026 2025年度考核', '2026 专项考核'])
    const line = (trendLine(rounds).series as { data: { value: number | null; label: { formatter: string } }[] }[])[0].data
    expect(line.map((p) => [p.value, p.label.formatter])).toEqual([[80, '80（称职）'], [93.5, '93.5（称职）'], [null, '-（未定等次）']])
  })

  it('lists the strengths and weaknesses in the server order with signed differences', () => {
    const s = standings(team)
    expect(s.strengths.map((x) => [x.name, x.diff])).toEqual([['绩', '+6.67']])
    expect(s.weaknesses.map((x) => [x.name, x.score, x.average, x.diff])).toEqual([['德', '67.5', '71.67', '-4.17']])
  })
})

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const round = { id: 7, name: '2026年度中层干部考核', year: 2026, stateName: '待确认', state: 'counted' } as Round
const analysis: RoundAnalysis = {
  roundId: 7, name: round.name, year: 2026, state: 'counted', school: dist(), unitId: null, team: null,
  units: [{ unitId: 3, unitName: '计算机学院', ...dist({ cadres: 2, average: '73.5' }) }],
}

describe('绩效分析 page', { timeout: 20_000 }, () => {
  it('says why nothing shows before a round is counted', async () => {
    signIn([PERM.gbkhList])
    mock.onGet('/api/gbkh/rounds').reply(200, { content: [], totalElements: 0 })
    renderWithApp(<PerformancePage />)
    expect(await screen.findByText(/还没有已结束测评的干部考核/)).toBeTruthy()
  })

  it('shows the latest round, its units and a unit against the school', async () => {
    signIn([PERM.gbkhList])
    mock.onGet('/api/gbkh/rounds').reply((c) => [200, { content: c.params.state === 'counted' ? [round] : [], totalElements: 1 }])
    mock.onGet('/api/gbkh/analysis/round/7').reply((c) => [200, c.params?.unitId ? { ...analysis, unitId: 3, team } : analysis])
    renderWithApp(<PerformancePage />)
    expect(await screen.findByText('73.5')).toBeTruthy()
    const pie = JSON.parse(screen.getByRole('img', { name: '全校考核等次分布' }).getAttribute('data-option')!)
    expect(pie.series[0].type).toBe('pie')
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull()
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '单位' }))
    fireEvent.click(await screen.findByText('计算机学院', { selector: '.ant-select-item-option-content' }))
    await waitFor(() => expect(screen.getByRole('img', { name: '计算机学院班子与全校各指标平均分对比' })).toBeTruthy())
    expect(screen.getByText(/本单位 77.5，全校平均 70.83（\+6.67）/)).toBeTruthy()
  })
})
