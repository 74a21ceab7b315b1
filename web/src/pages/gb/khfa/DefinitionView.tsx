import { Descriptions, Table, Tag } from 'antd'
import { JUDGE_NAMES, type Definition, type Indicator, type Judge } from '@/api/generated/cadreAssess'
import { THRESHOLD_GRADES } from './DefinitionEditor'
import { sharePercent } from './definitionForm'

/** A definition read-only (a saved version): the indicator tree, the groups, the levels and the rules. */
export default function DefinitionView({ definition: d }: { definition: Definition }) {
  return (
    <>
      <Table<Indicator> rowKey="key" size="small" pagination={false} dataSource={d.indicators} style={{ marginBottom: 12 }}
        expandable={{ defaultExpandAllRows: true, childrenColumnName: 'children' }}
        columns={[
          { title: '考核指标', dataIndex: 'name' },
          { title: '权重', dataIndex: 'weight', width: 90 },
          { title: '评价方式', dataIndex: 'judge', width: 100, render: (j: Judge | '' | undefined) => (j ? JUDGE_NAMES[j] : '—') },
          { title: '说明', dataIndex: 'note', render: (n?: string) => n || '—' },
        ]} />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="评价主体">{d.groups.map((g) => <Tag key={g.key}>{g.name} {g.weight}</Tag>)}</Descriptions.Item>
        <Descriptions.Item label="评价等次">{d.levels.map((l) => <Tag key={l.key}>{l.label} {l.score}分</Tag>)}</Descriptions.Item>
        <Descriptions.Item label="分数线">{THRESHOLD_GRADES.map((g, i) => `${g} ≥ ${d.thresholds[i] ?? '—'}`).join('；')}</Descriptions.Item>
        <Descriptions.Item label="优秀比例上限">{sharePercent(d.excellentShare) ?? '—'}%</Descriptions.Item>
        <Descriptions.Item label="无效票规则">
          {[d.invalid.uniform && '全部同一等次的选票无效', d.invalid.incomplete && '须答完所有评价项'].filter(Boolean).join('；') || '不设'}
        </Descriptions.Item>
      </Descriptions>
    </>
  )
}
