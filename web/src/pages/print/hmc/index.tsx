import { useQuery } from '@tanstack/react-query'
import { Alert, Spin } from 'antd'
import { useSearchParams } from 'react-router'
import PrintLayout from '@/components/flow/PrintLayout'
import { withQueryClient } from '@/components/withQueryClient'
import { getRoster, getRosters, type QueryResult, type Roster } from '@/pages/tjfx/hmc/api'

/** The most rows a printed roster holds (the server's page is 100): more are exported, not printed. */
export const PRINT_LIMIT = 1000
const PAGE = 100

const css = `
.hmc-table { width: 100%; border-collapse: collapse; font-size: 12px; }
.hmc-table th, .hmc-table td { border: 1px solid #000; padding: 2px 4px; text-align: center; }
.hmc-table tr { break-inside: avoid; }
`

interface Printed {
  roster: Roster
  rows: QueryResult['content']
  total: number
}

/** The roster and its rows, page after page up to PRINT_LIMIT (hmc:list in the caller's scope). */
const load = async (key: string, orgId: number | null): Promise<Printed | null> => {
  const roster = (await getRosters()).find((r) => r.key === key)
  if (!roster) return null
  const rows: QueryResult['content'] = []
  let total = 0
  for (let page = 0; rows.length < PRINT_LIMIT; page++) {
    const r = await getRoster(key, orgId, page, PAGE)
    total = r.totalElements
    rows.push(...r.content)
    if (r.content.length < PAGE) break
  }
  return { roster, rows: rows.slice(0, PRINT_LIMIT), total }
}

/** /print/hmc?key=&orgId=: a roster as printed, with its official columns. */
function RosterPrint() {
  const [params] = useSearchParams()
  const key = params.get('key') ?? ''
  const org = Number(params.get('orgId'))
  const orgId = Number.isInteger(org) && org > 0 ? org : null
  const q = useQuery({ queryKey: ['hmc', 'print', key, orgId], queryFn: () => load(key, orgId), enabled: key !== '' })
  if (!key) return <Alert type="error" showIcon title="缺少花名册" style={{ margin: 24 }} />
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (q.isError || !q.data) return <Alert type="error" showIcon title="该花名册不存在或无权查看" style={{ margin: 24 }} />
  const { roster, rows, total } = q.data
  return (
    <PrintLayout title={roster.title} margin="12mm 10mm" meta={[{ label: '人数', value: `${total} 人` }]}>
      <style>{css}</style>
      {total > rows.length && <p className="print-hide">仅打印前 {rows.length} 人，完整名单请导出。</p>}
      <table className="hmc-table">
        <thead>
          <tr>
            <th>序号</th>
            {roster.columns.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.id}>
              <td>{i + 1}</td>
              {roster.columns.map((c) => (
                <td key={c.key}>{r.cells[c.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </PrintLayout>
  )
}

export default withQueryClient(RosterPrint)
