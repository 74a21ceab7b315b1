import { Button, DatePicker, Table, Tag, Typography, type TableProps } from 'antd'
import { useNavigate } from 'react-router'
import { get, type Page } from '@/api/request'
import { cleanFilters, CrudTable, useCrud, type CrudFetcher, type SearchField } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { timeCell } from '@/components/format'
import { TRAIL_ORIGIN_DICT, TRAIL_TYPE_DICT, type TrailChange, type TrailEntry } from '@/components/trail/ChangeTrail'
import { unitPath } from '../dwxx/service'

/** An entry of GET /api/dwxx/trail: a unit's change with the unit's name. */
export interface UnitTrailEntry extends TrailEntry {
  unitName: string
}

/** The API's `from`/`to` are times: the search form's "to" date means the end of that day. */
export const fetchUnitTrail: CrudFetcher<UnitTrailEntry> = (q) => {
  const { to, ...filters } = cleanFilters(q.filters)
  const end = typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to} 23:59:59` : to
  return get<Page<UnitTrailEntry>>('/api/dwxx/trail', { page: q.page, size: q.size, sort: q.sort, ...filters, ...(end ? { to: end } : {}) })
}

const emptyCell = (v: string) => v || <Typography.Text type="secondary">（空）</Typography.Text>

/** 单位变动轨迹: every change of every unit in the caller's scope, newest first. */
export default function UnitTrailPage() {
  const crud = useCrud<UnitTrailEntry>({ key: 'dwxx-trail', fetch: fetchUnitTrail })
  const dicts = useDicts(TRAIL_TYPE_DICT, TRAIL_ORIGIN_DICT)
  const navigate = useNavigate()

  const columns: TableProps<UnitTrailEntry>['columns'] = [
    { title: '变动时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170, render: timeCell },
    {
      title: '单位',
      dataIndex: 'unitName',
      sorter: true,
      width: 200,
      render: (v: string, e) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(unitPath(e.recordId))}>
          {v}
        </Button>
      ),
    },
    { title: '类型', dataIndex: 'typeLabel', key: 'type', width: 90, render: (v: string, e) => <Tag color={e.type === 1 ? 'green' : 'blue'}>{v}</Tag> },
    { title: '来源', dataIndex: 'originLabel', key: 'origin', width: 110 },
    {
      title: '变动内容',
      key: 'summary',
      ellipsis: true,
      render: (_, e) => e.summary || e.changes.map((c) => c.label).join('、'),
    },
    { title: '操作人', dataIndex: 'operatorName', width: 110, render: (v: string) => v || '系统' },
  ]

  const searchFields: SearchField[] = [
    { name: 'blurry', label: '单位名称' },
    { name: 'type', label: '变动类型', type: 'multiSelect', options: dicts[TRAIL_TYPE_DICT] },
    { name: 'origin', label: '变动来源', type: 'multiSelect', options: dicts[TRAIL_ORIGIN_DICT] },
    { name: 'from', label: '变动日期从', render: () => <DatePicker placeholder="开始日期" /> },
    { name: 'to', label: '至', render: () => <DatePicker placeholder="结束日期" /> },
  ]

  return (
    <CrudTable<UnitTrailEntry>
      crud={crud}
      columns={columns}
      columnsKey="unit.trail"
      searchFields={searchFields}
      emptyText="暂无变动记录"
      expandable={{
        rowExpandable: (e) => e.changes.length > 0,
        expandedRowRender: (e) => (
          <Table<TrailChange>
            size="small"
            rowKey={(c) => `${c.field}-${c.label}`}
            pagination={false}
            dataSource={e.changes}
            columns={[
              { title: '字段', dataIndex: 'label', width: 140 },
              { title: '原值', dataIndex: 'old', render: emptyCell },
              { title: '新值', dataIndex: 'new', render: emptyCell },
            ]}
            style={{ maxWidth: 760 }}
          />
        ),
      }}
    />
  )
}
