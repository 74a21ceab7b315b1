import { Button, DatePicker, Tag, type TableProps } from 'antd'
import { useNavigate } from 'react-router'
import { get, type Page } from '@/api/request'
import { cleanFilters, CrudTable, useCrud, type CrudFetcher, type SearchField } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { searchOptions } from '@/utils/dict'
import { timeCell } from '@/components/format'
import { ChangesTable, TRAIL_DELETE, TRAIL_ORIGIN_DICT, TRAIL_TYPE_DICT, trailTypeColor, type TrailEntry } from './ChangeTrail'

/** An entry of a cross-record trail (GET /api/{module}/trail): the record's current name beside it. */
export interface NamedTrailEntry extends TrailEntry {
  recordName: string
}

/** Fetches a cross-record trail. The API's `from`/`to` are times: the form's "to" date means the end of that day. */
export const trailFetcher =
  (url: string): CrudFetcher<NamedTrailEntry> =>
  (q) => {
    const { to, ...filters } = cleanFilters(q.filters)
    const end = typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to} 23:59:59` : to
    return get<Page<NamedTrailEntry>>(url, { page: q.page, size: q.size, sort: q.sort, ...filters, ...(end ? { to: end } : {}) })
  }

/**
 * What a module declares for its change-trail page (党员/组织/单位变动轨迹): one declaration
 * per page, from which the page, its search form and its columns follow.
 */
export interface TrailDecl {
  /** The module's API, e.g. dyjbxx: its trail across records is GET /api/{module}/trail. */
  module: string
  /** What a record is called: 党员, 党组织, 单位 (the record column's title). */
  noun: string
  /** Label of the search by record name, e.g. 党员姓名. */
  nameLabel: string
  /** Where a record's name links to (its detail). */
  recordPath: (recordId: number) => string
  /** Key of the column settings kept per page. */
  columnsKey: string
}

/** The trail page of a declaration, as a page module's default export. */
export function trailPage(decl: TrailDecl) {
  const Page = () => <TrailListPage {...decl} />
  Page.displayName = `TrailPage(${decl.module})`
  return Page
}

/**
 * A module's change-trail page (党员/组织/单位变动轨迹): every change of every record in the
 * caller's scope, newest first, searchable by record name, type, origin and date, each row
 * expanding to its field changes. Restoring stays on the record's own trail, where its
 * history is in view.
 */
export default function TrailListPage({ module, noun, nameLabel, recordPath, columnsKey }: TrailDecl) {
  const url = `/api/${module}/trail`
  const crud = useCrud<NamedTrailEntry>({ key: `trail:${url}`, fetch: trailFetcher(url) })
  const dicts = useDicts(TRAIL_TYPE_DICT, TRAIL_ORIGIN_DICT)
  const navigate = useNavigate()

  const columns: TableProps<NamedTrailEntry>['columns'] = [
    { title: '变动时间', dataIndex: 'createTime', key: 'createTime', sorter: true, width: 170, render: timeCell },
    {
      title: noun,
      dataIndex: 'recordName',
      sorter: true,
      width: 200,
      // A deleted record has no page to open: its DELETE entry lists its last state.
      render: (v: string, e) =>
        e.type === TRAIL_DELETE ? (
          v
        ) : (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(recordPath(e.recordId))}>
            {v}
          </Button>
        ),
    },
    { title: '类型', dataIndex: 'typeLabel', key: 'type', width: 90, render: (v: string, e) => <Tag color={trailTypeColor(e.type)}>{v}</Tag> },
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
    { name: 'blurry', label: nameLabel },
    { name: 'type', label: '变动类型', type: 'multiSelect', options: searchOptions(dicts[TRAIL_TYPE_DICT]) },
    { name: 'origin', label: '变动来源', type: 'multiSelect', options: searchOptions(dicts[TRAIL_ORIGIN_DICT]) },
    { name: 'from', label: '变动日期从', render: () => <DatePicker placeholder="开始日期" /> },
    { name: 'to', label: '至', render: () => <DatePicker placeholder="结束日期" /> },
  ]

  return (
    <CrudTable<NamedTrailEntry>
      crud={crud}
      columns={columns}
      columnsKey={columnsKey}
      searchFields={searchFields}
      emptyText="暂无变动记录"
      expandable={{
        rowExpandable: (e) => e.changes.length > 0,
        expandedRowRender: (e) => <ChangesTable changes={e.changes} />,
      }}
    />
  )
}
