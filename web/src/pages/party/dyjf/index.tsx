import { Tabs } from 'antd'
import Ledger from './Ledger'
import Proposals from './Proposals'
import Ranking from './Ranking'
import Rules from './Rules'

/** 党员积分 (docs/points.md): the ledger, the rankings, the manual proposals and the school's rules. */
export default function PointsPage() {
  return (
    <div style={{ padding: 16 }}>
      <Tabs items={[
        { key: 'ledger', label: '积分明细', children: <Ledger /> },
        { key: 'ranking', label: '积分排名', children: <Ranking /> },
        { key: 'manual', label: '积分申报', children: <Proposals /> },
        { key: 'rules', label: '积分规则', children: <Rules /> },
      ]} />
    </div>
  )
}
