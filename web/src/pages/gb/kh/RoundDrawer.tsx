import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Badge, Button, Descriptions, Drawer, Space, Spin, Tabs, Tag } from 'antd'
import { STATE_NAMES, type RoundDetail, type State } from '@/api/generated/cadreAssess'
import { PERM } from '@/api/permissions'
import { confirmAction } from '@/components/crud'
import Permission from '@/components/Permission'
import { formatTime } from '@/utils/time'
import AppealsTab, { useAppeals } from './AppealsTab'
import { confirmRound, fetchRound } from './api'
import CadresTab from './CadresTab'
import DrawsTab from './DrawsTab'
import PapersTab from './PapersTab'
import ResultsTable from './ResultsTable'

export const STATE_COLORS: Record<State, string> = { draft: 'default', evaluating: 'processing', counted: 'orange', confirmed: 'green' }
export const StateTag = ({ state }: { state: State }) => <Tag color={STATE_COLORS[state]}>{STATE_NAMES[state]}</Tag>

const MINUTE = 'YYYY-MM-DD HH:mm'

/** 结果: the shared results table and 确认结果 (the grades then go to each cadre's record, once every appeal is answered). */
function ResultsTab({ round, pending, onChanged }: { round: RoundDetail; pending: number; onChanged: () => void }) {
  const confirm = () =>
    void confirmAction('确认后等次写入各干部的年度考核记录，不能再调整。确定确认结果吗？', async () => {
      await confirmRound(round.id, { updateTime: round.updateTime })
      onChanged()
    }, '考核结果已确认')
  return (
    <>
      {round.state === 'counted' && (
        <Permission need={[PERM.gbkhConfirm]}>
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" onClick={confirm}>确认结果</Button>
            {pending > 0 && <Alert type="warning" showIcon title={`尚有 ${pending} 条申诉未答复，答复后才能确认结果`} />}
          </Space>
        </Permission>
      )}
      <ResultsTable round={round} onChanged={onChanged} />
    </>
  )
}

/** One round (?id=): its cadres, evaluators, papers (live while evaluating) and results. */
export default function RoundDrawer({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const client = useQueryClient()
  const q = useQuery({
    queryKey: ['gbkh', 'round', id],
    queryFn: () => fetchRound(id),
    refetchInterval: (query) => (query.state.data?.state === 'evaluating' ? 15_000 : false),
  })
  const changed = () => {
    void client.invalidateQueries({ queryKey: ['gbkh'] })
    onChanged()
  }
  const r = q.data
  const appeals = useAppeals(r)
  const counted = r && (r.state === 'counted' || r.state === 'confirmed')
  return (
    <Drawer open size={1100} title={r ? <Space>{r.name}<StateTag state={r.state} /></Space> : '干部考核'} onClose={onClose}>
      {q.isLoading ? <Spin style={{ display: 'block', margin: 48 }} /> : !r ? (
        <Alert type="error" showIcon title="考核不存在或您无权查看" />
      ) : (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label="年度">{r.year}</Descriptions.Item>
            <Descriptions.Item label="考核方案">{r.schemeName}（第 {r.schemeVersion} 版）</Descriptions.Item>
            <Descriptions.Item label="截止时间">{r.closesAt ? formatTime(r.closesAt, MINUTE) : '—'}</Descriptions.Item>
            <Descriptions.Item label="参评干部">{r.cadres} 名（{r.units} 个单位）</Descriptions.Item>
            <Descriptions.Item label="测评">{r.issued ? `已提交 ${r.cast}/${r.issued}` : '未开始'}</Descriptions.Item>
            <Descriptions.Item label="确认">{r.confirmedAt ? `${r.confirmedBy} ${formatTime(r.confirmedAt, MINUTE)}` : '—'}</Descriptions.Item>
          </Descriptions>
          <Tabs
            defaultActiveKey={counted ? 'results' : r.state === 'evaluating' ? 'papers' : 'cadres'}
            items={[
              { key: 'cadres', label: '参评干部', children: <CadresTab round={r} onChanged={changed} /> },
              { key: 'draws', label: '评价人员', children: <DrawsTab round={r} onChanged={changed} /> },
              { key: 'papers', label: '测评', children: <PapersTab round={r} onChanged={changed} /> },
              ...(counted
                ? [
                    { key: 'results', label: '结果', children: <ResultsTab round={r} pending={appeals.pending} onChanged={changed} /> },
                    {
                      key: 'appeals',
                      label: <Badge count={appeals.pending} size="small" offset={[8, -2]} title={`${appeals.pending} 条待答复`}>申诉</Badge>,
                      children: <AppealsTab round={r} onChanged={changed} />,
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
    </Drawer>
  )
}
