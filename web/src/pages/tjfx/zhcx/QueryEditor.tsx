import { PlusOutlined } from '@ant-design/icons'
import { Button, Card, Empty, Radio, Space } from 'antd'
import type { DictOption } from '@/api/dict'
import type { Condition, ConditionGroup, FieldInfo, QueryFilter } from './api'
import ConditionRow from './ConditionRow'

/** The most conditions a query takes (the server's query.MaxConditions). */
export const MAX_CONDITIONS = 30

export const emptyFilter = (): QueryFilter => ({ logic: 'and', groups: [{ logic: 'and', conditions: [] }] })

const count = (f: QueryFilter) => f.groups.reduce((n, g) => n + g.conditions.length, 0)

const Logic = ({ value, onChange, label }: { value: string; onChange: (v: 'and' | 'or') => void; label: string }) => (
  <Radio.Group
    aria-label={label}
    size="small"
    optionType="button"
    value={value || 'and'}
    onChange={(e) => onChange(e.target.value as 'and' | 'or')}
    options={[
      { value: 'and', label: '并且' },
      { value: 'or', label: '或者' },
    ]}
  />
)

interface Props {
  filter: QueryFilter
  fields: FieldInfo[]
  dicts: Record<string, DictOption[]>
  onChange: (f: QueryFilter) => void
}

/** The conditions of a query: groups of conditions, each group joined by 并且/或者, the groups too. */
export default function QueryEditor({ filter, fields, dicts, onChange }: Props) {
  const full = count(filter) >= MAX_CONDITIONS
  const setGroup = (i: number, g: ConditionGroup) => onChange({ ...filter, groups: filter.groups.map((x, j) => (j === i ? g : x)) })
  const addCondition = (i: number) => setGroup(i, { ...filter.groups[i], conditions: [...filter.groups[i].conditions, { field: '', op: 'eq', values: [''] }] })
  const setCondition = (i: number, k: number, c: Condition) =>
    setGroup(i, { ...filter.groups[i], conditions: filter.groups[i].conditions.map((x, j) => (j === k ? c : x)) })
  const removeCondition = (i: number, k: number) => {
    const conditions = filter.groups[i].conditions.filter((_, j) => j !== k)
    // A group emptied by its last condition goes, unless it is the only one.
    if (conditions.length === 0 && filter.groups.length > 1) onChange({ ...filter, groups: filter.groups.filter((_, j) => j !== i) })
    else setGroup(i, { ...filter.groups[i], conditions })
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {filter.groups.length > 1 && (
        <Space>
          <span>条件组之间</span>
          <Logic label="条件组之间" value={filter.logic} onChange={(logic) => onChange({ ...filter, logic })} />
        </Space>
      )}
      {filter.groups.map((g, i) => (
        <Card
          key={i}
          size="small"
          title={`条件组 ${i + 1}`}
          extra={
            g.conditions.length > 1 ? (
              <Space>
                <span>组内条件之间</span>
                <Logic label={`条件组 ${i + 1} 内`} value={g.logic} onChange={(logic) => setGroup(i, { ...g, logic })} />
              </Space>
            ) : null
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {g.conditions.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有条件：查询管理范围内的全部记录" />}
            {g.conditions.map((c, k) => (
              <ConditionRow
                key={k}
                condition={c}
                fields={fields}
                dicts={dicts}
                onChange={(x) => setCondition(i, k, x)}
                onRemove={() => removeCondition(i, k)}
              />
            ))}
            <Button size="small" icon={<PlusOutlined />} disabled={full} onClick={() => addCondition(i)}>
              添加条件
            </Button>
          </Space>
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={full}
        title={full ? `条件最多 ${MAX_CONDITIONS} 个` : undefined}
        onClick={() => onChange({ ...filter, groups: [...filter.groups, { logic: 'and', conditions: [{ field: '', op: 'eq', values: [''] }] }] })}
      >
        添加条件组
      </Button>
    </Space>
  )
}
