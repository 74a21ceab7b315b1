import type { Compare, ScreenMap, Trend } from '@/api/generated/bigscreen'
import type { Figures } from '@/api/generated/fee'
import type { Structure, UnitLine } from '@/api/generated/gbanalysis'
import EChart from '@/components/chart/EChart'

const TEXT = '#cfe3ff'
const AXIS = { axisLabel: { color: TEXT }, axisLine: { lineStyle: { color: '#3a5a8c' } }, splitLine: { lineStyle: { color: '#1c2f52' } } }
const BASE = { backgroundColor: 'transparent', textStyle: { color: TEXT }, legend: { textStyle: { color: TEXT } }, tooltip: { trigger: 'axis' } }
const COLORS = ['#e53935', '#ffb300', '#29b6f6', '#66bb6a', '#ab47bc', '#ff7043']

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="bs-panel">
      <h2>{title}</h2>
      {children}
    </section>
  )
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="bs-figure">
      <b>{value}</b>
      <span>{label}</span>
    </div>
  )
}

function Empty({ children }: { children: React.ReactNode }) {
  return <div className="bs-state">{children}</div>
}

/** 综合地图: the configured campuses as a schematic (no map tiles), each building a dot sized by its members. */
export function PartyMap({ data }: { data: ScreenMap }) {
  if (!data.configured)
    return <Empty>尚未配置校区示意图：请在「系统管理 › 参数设置」中填写配置项 bigscreen.campusMap（校区、楼宇及所在党组织）</Empty>
  if (data.problem) return <Empty>{data.problem}</Empty>
  const most = Math.max(1, ...data.campuses.flatMap((c) => c.buildings.map((b) => b.members)))
  return (
    <div className="bs-grid bs-map">
      <Panel title="校区分布">
        <svg viewBox="0 0 100 100" className="bs-svg" role="img" aria-label="校区示意图">
          {data.campuses.map((c) => (
            <g key={c.name}>
              <rect x={c.x} y={c.y} width={c.w} height={c.h} rx={1.5} className="bs-campus" />
              <text x={c.x + 1.5} y={c.y + 4} className="bs-campus-name">
                {c.name}
              </text>
              {c.buildings.map((b) => (
                <g key={b.name}>
                  <circle cx={b.x} cy={b.y} r={1.2 + (3 * b.members) / most} className={b.members ? 'bs-dot' : 'bs-dot idle'}>
                    <title>{`${b.name}：${b.placed.map((o) => `${o.name} ${o.members}人`).join('，') || '无'}`}</title>
                  </circle>
                  <text x={b.x + 2} y={b.y + 1} className="bs-building">
                    {b.name}
                  </text>
                </g>
              ))}
            </g>
          ))}
        </svg>
      </Panel>
      <Panel title="党员总数">
        <Figure label="在册党员（管理范围内）" value={data.members} />
        <ul className="bs-list">
          {data.campuses.flatMap((c) =>
            c.buildings
              .filter((b) => b.placed.length > 0)
              .map((b) => (
                <li key={`${c.name}/${b.name}`}>
                  <span>
                    {c.name} · {b.name}
                  </span>
                  <span>{b.placed.map((o) => `${o.name} ${o.members}`).join('，')}</span>
                </li>
              )),
          )}
        </ul>
      </Panel>
    </div>
  )
}

/** 综合对比: the 二级党委 side by side. */
export function PartyCompare({ data }: { data: Compare }) {
  if (data.lines.length === 0) return <Empty>管理范围内没有二级党委的党员数据</Empty>
  const names = data.lines.map((l) => l.name)
  const option = {
    ...BASE,
    color: COLORS,
    grid: { left: 48, right: 24, top: 48, bottom: 90 },
    xAxis: { type: 'category', data: names, ...AXIS, axisLabel: { color: TEXT, rotate: 30 } },
    yAxis: { type: 'value', ...AXIS },
    series: [
      { name: '党员', type: 'bar', data: data.lines.map((l) => l.members) },
      { name: '预备党员', type: 'bar', data: data.lines.map((l) => l.probation) },
      { name: '女党员', type: 'bar', data: data.lines.map((l) => l.women) },
      { name: `${data.year}年发展`, type: 'bar', data: data.lines.map((l) => l.developed) },
    ],
  }
  const total = data.lines.reduce((a, l) => a + l.members, 0)
  const developed = data.lines.reduce((a, l) => a + l.developed, 0)
  return (
    <div className="bs-grid">
      <Panel title="各二级党委党员对比">
        <EChart option={option} label="各二级党委党员、预备党员、女党员和本年发展对比" height={520} />
      </Panel>
      <Panel title="合计">
        <Figure label="党员" value={total} />
        <Figure label={`${data.year}年发展党员`} value={developed} />
        <Figure label="二级党委" value={data.lines.length} />
      </Panel>
    </div>
  )
}

/** A fee rate in basis points as a percentage; a period with no dues yet says so. */
const feeRate = (f: Figures, none: string) => (f.months === 0 ? none : `${(f.rateBp / 100).toFixed(2)}%`)

/** 综合统计: admitted and made full per year, and the party fees collected this year and this month. */
export function PartyTrend({ data }: { data: Trend }) {
  const option = {
    ...BASE,
    color: COLORS,
    grid: { left: 48, right: 24, top: 48, bottom: 40 },
    xAxis: { type: 'category', data: data.years.map((y) => String(y.year)), ...AXIS },
    yAxis: { type: 'value', ...AXIS },
    series: [
      { name: '发展党员', type: 'line', smooth: true, data: data.years.map((y) => y.joined) },
      { name: '转为正式党员', type: 'line', smooth: true, data: data.years.map((y) => y.full) },
    ],
  }
  return (
    <div className="bs-grid">
      <Panel title="近十年发展党员与转正趋势">
        <EChart option={option} label="近十年发展党员与转正人数" height={520} />
      </Panel>
      <Panel title="近十年合计">
        <Figure label="发展党员" value={data.years.reduce((a, y) => a + y.joined, 0)} />
        <Figure label="转为正式党员" value={data.years.reduce((a, y) => a + y.full, 0)} />
      </Panel>
      <Panel title="党费收缴（收缴率按金额）">
        <Figure label={`${data.month.slice(0, 4)}年收缴率`} value={feeRate(data.feeYear, '本年尚未启动收缴')} />
        <Figure label={`${Number(data.month.slice(5))}月收缴率`} value={feeRate(data.feeMonth, '本月尚未启动收缴')} />
      </Panel>
    </div>
  )
}

const pie = (title: string, cells: { label: string; count: number }[]) => ({
  ...BASE,
  color: COLORS,
  tooltip: { trigger: 'item' },
  series: [{ name: title, type: 'pie', radius: ['40%', '70%'], label: { color: TEXT }, data: cells.map((c) => ({ name: c.label, value: c.count })) }],
})

/** 干部驾驶舱 · 综合概览: the team's size, average age and its breakdowns as rings. */
export function CadreOverview({ data }: { data: Structure }) {
  if (data.total === 0) return <Empty>管理范围内没有现任干部</Empty>
  return (
    <div className="bs-grid bs-cards">
      <Panel title="干部队伍">
        <Figure label="现任干部" value={data.total} />
        <Figure label="平均年龄" value={data.averageAge.toFixed(1)} />
      </Panel>
      {data.dimensions.slice(0, 5).map((d) => (
        <Panel key={d.key} title={`按${d.title}`}>
          <EChart option={pie(d.title, d.cells)} label={`干部按${d.title}统计`} height={260} />
        </Panel>
      ))}
    </div>
  )
}

/** 干部驾驶舱 · 综合对比: the units side by side. */
export function CadreCompare({ data }: { data: UnitLine[] }) {
  if (data.length === 0) return <Empty>管理范围内没有单位的干部数据</Empty>
  const option = {
    ...BASE,
    color: COLORS,
    grid: { left: 48, right: 24, top: 48, bottom: 90 },
    xAxis: { type: 'category', data: data.map((u) => u.unitName), ...AXIS, axisLabel: { color: TEXT, rotate: 30 } },
    yAxis: { type: 'value', ...AXIS },
    series: [
      { name: '处级', type: 'bar', stack: 'level', data: data.map((u) => u.division) },
      { name: '科级', type: 'bar', stack: 'level', data: data.map((u) => u.section) },
      { name: '女干部', type: 'bar', data: data.map((u) => u.women) },
      { name: '40岁及以下', type: 'bar', data: data.map((u) => u.under40) },
    ],
  }
  return (
    <Panel title="各单位干部对比">
      <EChart option={option} label="各单位干部职级、女干部和年轻干部对比" height={560} />
    </Panel>
  )
}

/** 干部驾驶舱 · 综合统计: every breakdown as bars. */
export function CadreStructure({ data }: { data: Structure }) {
  if (data.total === 0) return <Empty>管理范围内没有现任干部</Empty>
  return (
    <div className="bs-grid bs-cards">
      {data.dimensions.map((d) => (
        <Panel key={d.key} title={`干部按${d.title}`}>
          <EChart
            option={{
              ...BASE,
              color: COLORS,
              grid: { left: 40, right: 16, top: 24, bottom: 48 },
              xAxis: { type: 'category', data: d.cells.map((c) => c.label), ...AXIS },
              yAxis: { type: 'value', ...AXIS },
              series: [{ name: d.title, type: 'bar', data: d.cells.map((c) => c.count) }],
            }}
            label={`干部按${d.title}统计`}
            height={260}
          />
        </Panel>
      ))}
    </div>
  )
}
