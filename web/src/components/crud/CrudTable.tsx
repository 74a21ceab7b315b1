import { DeleteOutlined, DownOutlined, ExportOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons'
import { Button, Card, DatePicker, Empty, Form, Input, Modal, Select, Space, Table, Typography, type TableColumnType, type TableProps } from 'antd'
import { useState, type Key, type ReactNode } from 'react'
import { startExport } from '@/api/exports'
import { downloadFile } from '@/api/file'
import ExportProgress from '../export/ExportProgress'
import { scrollWidth } from './columnDefaults'
import { ListSkeleton } from '../LoadingSkeleton'
import { totalText } from '../pagerTotal'
import { useColumnSettings } from './columnSettings'
import { confirmDeleteOf } from './confirm'
import { cleanFilters, formToFilters, sortParams, type CrudQuery } from './query'
import type { Crud } from './useCrud'

export interface SearchField {
  name: string
  label: string
  /** dateRange sends `<name>From` and `<name>To` (the server's date-range filter). */
  type?: 'input' | 'select' | 'multiSelect' | 'date' | 'dateRange'
  options?: { label: string; value: string | number | boolean }[]
  placeholder?: string
  /** A control of the page's own (e.g. an organisation tree picker); Form.Item passes value/onChange. */
  render?: () => ReactNode
}

/** The rows chosen for a batch action. */
export interface Selection<T> {
  keys: Key[]
  rows: T[]
  clear: () => void
}

/** The 导出 button: downloads `url` with the list's current filters and sort. */
export interface ExportAction {
  url: string
  /** Used when the server sends no Content-Disposition file name. */
  fileName: string
  label?: string
  /** Extra query parameters (over the list's filters and sort, which they are given). */
  params?: (query: CrudQuery) => Record<string, unknown>
  /** Asks for more parameters before the download (the reason of an export in clear); null cancels it. */
  ask?: () => Promise<Record<string, unknown> | null>
  /**
   * The server writes the file as a background job (system.StartExport): a dialog shows the rows written,
   * then the download; a message tells the requester when the file is ready.
   */
  background?: boolean
}

interface Props<T> {
  crud: Crud<T>
  columns: TableProps<T>['columns']
  rowKey?: keyof T & string
  searchFields?: SearchField[]
  /** Extra toolbar buttons (add, import, …). */
  toolbar?: ReactNode
  /** When given, rows become selectable and a 删除 button asks (naming the chosen records by `nameOf`) before calling it. */
  onDelete?: (ids: Key[]) => Promise<unknown>
  /** What a record is called in the delete confirmation (its name, title, month…). */
  nameOf?: (row: T) => string
  /** What is deleted (党员, 文件…), in the delete confirmation. */
  noun?: string
  /** Batch buttons for the selected rows; makes rows selectable. Selection survives paging. */
  batchActions?: (selection: Selection<T>) => ReactNode
  /** Tree mode: the rows are a tree (children), shown whole without a pager. */
  tree?: boolean
  onRow?: TableProps<T>['onRow']
  /** Enables column settings, remembered per user under this key. */
  columnsKey?: string
  exportAction?: ExportAction
  expandable?: TableProps<T>['expandable']
  /** The scroll width (default: the sum of the shown columns' widths, so fixed columns stay put). */
  scrollX?: number
  /** Shown when the list is empty (after loading). */
  emptyText?: string
  /** The empty state of a search that found nothing; default NO_MATCH. */
  noMatchText?: string
  /** With many search fields: how many show until 展开 (the others keep their values while hidden). */
  searchVisible?: number
}

/** The empty state of a search that found nothing. */
export const NO_MATCH = '没有符合搜索条件的记录：可修改条件后重新搜索，或点「重置」'

/** Asks before deleting the selected rows, naming them (confirmDeleteOf); resolves true when deleted. */
export const confirmDelete = (names: string[], count: number, action: () => Promise<unknown>, kind = ''): Promise<boolean> =>
  confirmDeleteOf(names, action, { kind, count })

/** A row's name when the page gives no nameOf: its name or title field, if it has one. */
const defaultName = (row: object): string => {
  const r = row as { name?: unknown; title?: unknown }
  return typeof r.name === 'string' ? r.name : typeof r.title === 'string' ? r.title : ''
}

/** Form.Item injects value/onChange into its direct child, so they are passed on to the control. */
function FieldInput({ field, ...control }: { field: SearchField; value?: unknown; onChange?: (v: unknown) => void }) {
  const placeholder = field.placeholder ?? `请输入${field.label}`
  const props = control as Record<string, unknown>
  if (field.type === 'select' || field.type === 'multiSelect')
    return (
      <Select
        {...props}
        allowClear
        mode={field.type === 'multiSelect' ? 'multiple' : undefined}
        maxTagCount="responsive"
        placeholder={`请选择${field.label}`}
        options={field.options}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 180 }}
      />
    )
  if (field.type === 'date') return <DatePicker {...props} placeholder={placeholder} />
  if (field.type === 'dateRange') return <DatePicker.RangePicker {...props} placeholder={['开始日期', '结束日期']} />
  return <Input {...props} allowClear placeholder={placeholder} style={{ width: 180 }} />
}

/**
 * The table's horizontal scroll: as given, else, where columns are fixed (the name, the actions), the sum
 * of the shown columns' widths, which fixed columns need to stay in place while the rest scrolls.
 */
function scrollOf<T>(scrollX: number | undefined, columns: TableColumnType<T>[], selectable: boolean) {
  if (scrollX) return { x: scrollX }
  return columns.some((c) => c.fixed) ? { x: scrollWidth(columns, selectable) } : undefined
}

/** Query parameters of an export: the list's filters and sort, without paging. */
export function exportParams(q: CrudQuery): Record<string, unknown> {
  return { ...cleanFilters(q.filters), ...(q.sort.length ? { sort: q.sort } : {}) }
}

/**
 * The CRUD page kit's list: search form, toolbar (add/import/export/batch actions, column
 * settings), and a paged table — or a whole tree without pager — over a `{content,totalElements}` endpoint.
 */
export default function CrudTable<T extends object>({
  crud,
  columns,
  rowKey = 'id' as keyof T & string,
  searchFields = [],
  toolbar,
  onDelete,
  nameOf = defaultName,
  noun = '',
  batchActions,
  tree,
  onRow,
  columnsKey,
  exportAction,
  expandable,
  scrollX,
  emptyText = '暂无数据',
  noMatchText = NO_MATCH,
  searchVisible,
}: Props<T>) {
  const [form] = Form.useForm()
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] })
  const [exporting, setExporting] = useState(false)
  const [exportJobId, setExportJobId] = useState<number | null>(null)
  const [expanded, setExpanded] = useState(false)
  const collapsible = searchVisible !== undefined && searchFields.length > searchVisible
  const settings = useColumnSettings<T>(columnsKey, (columns ?? []) as TableColumnType<T>[])
  const selectable = !!onDelete || !!batchActions
  const clear = () => setSelected({ keys: [], rows: [] })
  // Nothing to show yet because the answer is on its way (the first load, or a search after an empty
  // one): placeholder rows, not the empty state, which would say there is nothing before the server has said so.
  const waiting = crud.loading && crud.rows.length === 0
  // An empty answer to the user's own search says so, not that there is nothing at all.
  const searched = Object.keys(cleanFilters(crud.form)).length > 0

  const onTableChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    crud.setQuery((q) => ({
      ...q,
      page: tree ? 0 : (pagination.current ?? 1) - 1,
      size: tree ? q.size : (pagination.pageSize ?? q.size),
      sort: sortParams(sorter),
    }))
  }

  const remove = async () => {
    if (!onDelete) return
    if (await confirmDelete(selected.rows.map(nameOf), selected.keys.length, () => onDelete(selected.keys), noun)) {
      clear()
      crud.reload()
    }
  }

  const runExport = async () => {
    if (!exportAction) return
    const asked = exportAction.ask ? await exportAction.ask() : {}
    if (asked === null) return
    setExporting(true)
    try {
      const params = { ...exportParams(crud.query), ...exportAction.params?.(crud.query), ...asked }
      if (exportAction.background) setExportJobId((await startExport(exportAction.url, params)).id)
      else await downloadFile(exportAction.url, params, exportAction.fileName)
    } catch {
      /* the request pipeline shows the server's message */
    } finally {
      setExporting(false)
    }
  }

  return (
    <Card className="crud-table" variant="borderless">
      {searchFields.length > 0 && (
        <Form
          form={form}
          layout="inline"
          initialValues={crud.form}
          onFinish={(v: Record<string, unknown>) => crud.search(formToFilters(v), v)}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          {searchFields.map((f, i) => (
            <Form.Item key={f.name} name={f.name} label={f.label} hidden={collapsible && !expanded && i >= searchVisible}>
              {f.render ? f.render() : <FieldInput field={f} />}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                搜索
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.setFieldsValue(Object.fromEntries(Object.keys(form.getFieldsValue()).map((k) => [k, undefined])))
                  crud.search({})
                }}
              >
                重置
              </Button>
              {collapsible && (
                <Typography.Link onClick={() => setExpanded((v) => !v)}>
                  {expanded ? '收起' : `展开（${searchFields.length - searchVisible}项）`}
                  {expanded ? <UpOutlined /> : <DownOutlined />}
                </Typography.Link>
              )}
            </Space>
          </Form.Item>
        </Form>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12, gap: 8, flexWrap: 'wrap' }}>
        <Space wrap>
          {toolbar}
          {batchActions?.({ ...selected, clear })}
          {onDelete && (
            <Button danger icon={<DeleteOutlined />} disabled={selected.keys.length === 0} onClick={remove}>
              删除
            </Button>
          )}
          {exportAction && (
            <Button icon={<ExportOutlined />} loading={exporting} onClick={runExport}>
              {exportAction.label ?? '导出'}
            </Button>
          )}
          {selectable && selected.keys.length > 0 && (
            <Typography.Text type="secondary">
              已选 {selected.keys.length} 项{' '}
              <Typography.Link onClick={clear}>清空</Typography.Link>
            </Typography.Text>
          )}
        </Space>
        {settings.button}
      </div>
      <Table<T>
        rowKey={rowKey}
        columns={settings.visible}
        dataSource={crud.rows}
        loading={crud.loading && !waiting}
        scroll={scrollOf(scrollX, settings.visible, selectable)}
        onRow={onRow}
        expandable={expandable}
        locale={{ emptyText: waiting ? <ListSkeleton rows={Math.min(crud.query.size, 8)} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searched ? noMatchText : emptyText} /> }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.keys,
                preserveSelectedRowKeys: true,
                checkStrictly: true,
                onChange: (keys, rows) => setSelected({ keys, rows: rows.filter(Boolean) }),
              }
            : undefined
        }
        onChange={onTableChange}
        pagination={
          tree
            ? false
            : {
                current: crud.query.page + 1,
                pageSize: crud.query.size,
                total: crud.total,
                showSizeChanger: true,
                showTotal: (total) => totalText(total, crud.capped),
              }
        }
        footer={tree ? () => `共 ${crud.total} 条` : undefined}
      />
      {exportJobId !== null && (
        <Modal open title={exportAction?.label ?? '导出'} footer={null} onCancel={() => setExportJobId(null)} destroyOnHidden>
          <ExportProgress id={exportJobId} />
        </Modal>
      )}
    </Card>
  )
}
