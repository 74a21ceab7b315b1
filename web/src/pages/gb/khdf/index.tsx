import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Empty, Select, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { fetchRound, roundsWithResults } from '../kh/api'
import ResultsTable from '../kh/ResultsTable'
import { StateTag } from '../kh/RoundDrawer'

/** 综合得分: a counted or confirmed round's results (the latest by default), filtered by unit and name, exported. */
export default function ScoresPage() {
  const client = useQueryClient()
  const rounds = useQuery({ queryKey: ['gbkh', 'rounds', 'results'], queryFn: roundsWithResults })
  const [picked, setPicked] = useState<number | undefined>()
  const id = picked ?? rounds.data?.[0]?.id
  const round = useQuery({ queryKey: ['gbkh', 'round', id], queryFn: () => fetchRound(id!), enabled: !!id })
  if (rounds.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />
  if (rounds.isError) return <Alert type="error" showIcon style={{ margin: 16 }} title="考核列表加载失败，请稍后重试" />
  if (!rounds.data?.length) return <Empty style={{ margin: 48 }} description="还没有已结束测评的干部考核：在「干部考核」中结束测评后，这里显示综合得分和等次" />
  return (
    <div style={{ padding: 16 }}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>考核</Typography.Text>
        <Select aria-label="考核" style={{ width: 360 }} value={id} onChange={setPicked}
          options={rounds.data.map((r) => ({ value: r.id, label: `${r.year} · ${r.name}（${r.stateName}）` }))} />
        {round.data && <StateTag state={round.data.state} />}
      </Space>
      {round.isLoading ? <Spin style={{ display: 'block', margin: 48 }} /> : round.data ? (
        <ResultsTable key={round.data.id} round={round.data} onChanged={() => void client.invalidateQueries({ queryKey: ['gbkh'] })} />
      ) : (
        <Alert type="error" showIcon title="考核结果加载失败，请稍后重试" />
      )}
    </div>
  )
}
