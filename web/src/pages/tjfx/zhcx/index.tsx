import { DeleteOutlined, DownloadOutlined, SaveOutlined, SearchOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Empty, Select, Space, Spin, Table, Tag, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { PERM } from '@/api/permissions'
import { useDicts } from '@/components/dict/useDicts'
import { useHasPermission } from '@/components/Permission'
import { ReportFailed } from '@/components/report/ReportPage'
import { totalText } from '@/components/pagerTotal'
import { confirmDeleteOf } from '@/components/crud/confirm'
import {
  createSaved,
  deleteSaved,
  exportQuery,
  getSources,
  listSaved,
  runQuery,
  updateSaved,
  type QueryFilter,
  type QueryRequest,
  type SavedQuery,
  type SourceInfo,
} from './api'
import QueryEditor, { emptyFilter } from './QueryEditor'
import SaveDialog, { type SaveValues } from './SaveDialog'

const PAGE_SIZE = 20

/** Conditions not filled in yet (no field chosen) are left out of what is sent. */
const sendable = (f: QueryFilter): QueryFilter => ({
  ...f,
  groups: f.groups.map((g) => ({ ...g, conditions: g.conditions.filter((c) => c.field !== '') })),
})

/**
 * 综合查询 (统计分析 › 综合查询): a query over the allowlisted fields of one source (党员, 党组织, 发展党员, 干部) —
 * conditions in and/or groups, the columns shown — run in the caller's scope, paged, exported as xlsx, and
 * saved (private or shared) to load again.
 */
export default function QueryPage() {
  const { message } = App.useApp()
  const client = useQueryClient()
  const canSave = useHasPermission([PERM.zhcxSave])
  const canExport = useHasPermission([PERM.zhcxExport])
  const sources = useQuery({ queryKey: ['zhcx', 'sources'], queryFn: getSources, staleTime: Infinity })
  const saved = useQuery({ queryKey: ['zhcx', 'saved'], queryFn: listSaved })
  const [sourceKey, setSourceKey] = useState<string>('')
  const [filter, setFilter] = useState<QueryFilter>(emptyFilter)
  const [columns, setColumns] = useState<string[]>([])
  const [loaded, setLoaded] = useState<SavedQuery | null>(null)
  const [submitted, setSubmitted] = useState<QueryRequest | null>(null)
  const [page, setPage] = useState(1)
  const [saving, setSaving] = useState<'update' | 'new' | null>(null)
  const [exporting, setExporting] = useState(false)

  const source: SourceInfo | undefined = sources.data?.find((s) => s.key === sourceKey) ?? sources.data?.[0]
  const dictNames = useMemo(() => [...new Set((source?.fields ?? []).map((f) => f.dict).filter(Boolean))], [source])
  const dicts = useDicts(...dictNames)
  const result = useQuery({
    queryKey: ['zhcx', 'run', submitted, page],
    queryFn: () => runQuery({ ...(submitted as QueryRequest), page: page - 1, size: PAGE_SIZE }),
    enabled: submitted !== null,
    placeholderData: keepPreviousData,
    retry: false,
  })

  const request = (): QueryRequest => ({
    source: source?.key ?? '',
    filter: sendable(filter),
    columns: columns.length ? columns : (source?.columns ?? []),
    sort: '',
    desc: false,
    page: 0,
    size: PAGE_SIZE,
  })
  const chooseSource = (key: string) => {
    setSourceKey(key)
    setFilter(emptyFilter())
    setColumns([])
    setLoaded(null)
    setSubmitted(null)
  }
  const load = (id: number) => {
    const q = saved.data?.find((s) => s.id === id)
    if (!q) return
    setSourceKey(q.source)
    setFilter(q.filter.groups.length ? q.filter : emptyFilter())
    setColumns(q.columns)
    setLoaded(q)
    setSubmitted(null)
  }
  const run = () => {
    setPage(1)
    setSubmitted(request())
  }
  const download = () => {
    setExporting(true)
    exportQuery(request(), source?.label ?? '')
      .catch(() => void message.error('导出失败，请检查查询条件后重试'))
      .finally(() => setExporting(false))
  }
  const save = async (v: SaveValues) => {
    const body = { ...v, source: source?.key ?? '', filter: sendable(filter), columns }
    const out = saving === 'update' && loaded ? await updateSaved({ ...body, id: loaded.id }) : await createSaved(body)
    message.success('查询已保存')
    setLoaded(out)
    await client.invalidateQueries({ queryKey: ['zhcx', 'saved'] })
  }
  const remove = () => {
    if (!loaded) return
    void confirmDeleteOf(loaded.name, () => deleteSaved(loaded.id), { kind: '查询' }).then((ok) => {
      if (!ok) return
      setLoaded(null)
      void client.invalidateQueries({ queryKey: ['zhcx', 'saved'] })
    })
  }

  // One value per dialog opening: the dialog fills its form when it changes.
  const saveInitial = useMemo<SaveValues>(
    () => (saving === 'update' && loaded ? { name: loaded.name, shared: loaded.shared } : { name: '', shared: false }),
    [saving, loaded],
  )

  if (sources.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (sources.isError || !source) return <ReportFailed what="查询字段" retry={() => void sources.refetch()} />

  const r = result.data
  return (
    <Card variant="borderless">
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <Typography.Text>查询对象</Typography.Text>
          <Select aria-label="查询对象" value={source.key} onChange={chooseSource} options={sources.data?.map((s) => ({ value: s.key, label: s.label }))} style={{ width: 140 }} />
          <Typography.Text>已保存的查询</Typography.Text>
          <Select
            aria-label="已保存的查询"
            value={loaded?.id}
            onChange={load}
            placeholder={saved.data?.length ? '选择后载入' : '暂无已保存的查询'}
            options={saved.data?.map((s) => ({
              value: s.id,
              label: (
                <span>
                  {s.name} {s.shared && <Tag>{s.mine ? '已共享' : '他人共享'}</Tag>}
                </span>
              ),
              title: s.name,
            }))}
            style={{ width: 260 }}
          />
          {loaded?.mine && canSave && (
            <Button danger icon={<DeleteOutlined />} onClick={remove}>
              删除该查询
            </Button>
          )}
        </Space>
        <QueryEditor filter={filter} fields={source.fields} dicts={dicts} onChange={setFilter} />
        <Space wrap>
          <Typography.Text>显示列</Typography.Text>
          <Select
            aria-label="显示列"
            mode="multiple"
            value={columns.length ? columns : source.columns}
            onChange={setColumns}
            options={source.fields.map((f) => ({ value: f.key, label: f.label }))}
            style={{ minWidth: 420 }}
          />
        </Space>
        <Space wrap>
          <Button type="primary" icon={<SearchOutlined />} onClick={run}>
            查询
          </Button>
          {canExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={download}>
              导出
            </Button>
          )}
          {canSave && (
            <Button icon={<SaveOutlined />} onClick={() => setSaving(loaded?.mine ? 'update' : 'new')}>
              {loaded?.mine ? '保存修改' : '保存查询'}
            </Button>
          )}
          {canSave && loaded?.mine && <Button onClick={() => setSaving('new')}>另存为</Button>}
        </Space>
        {submitted === null ? (
          <Empty description="设置条件后点击「查询」；结果限于您的管理范围" />
        ) : result.isError ? (
          <Empty description="查询未能执行，请按提示修改条件后重试" />
        ) : (
          <Table
            rowKey="id"
            size="middle"
            loading={result.isFetching}
            dataSource={r?.content ?? []}
            columns={(r?.columns ?? []).map((c) => ({ key: c.key, title: c.label, render: (_: unknown, row: { cells: Record<string, string> }) => row.cells[c.key] }))}
            locale={{ emptyText: <Empty description="管理范围内没有符合条件的记录" /> }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: r?.totalElements ?? 0, showSizeChanger: false, showTotal: (t) => totalText(t, r?.totalElementsCapped), onChange: setPage }}
            scroll={{ x: 'max-content' }}
          />
        )}
      </Space>
      <SaveDialog
        open={saving !== null}
        title={saving === 'update' ? '保存修改' : '保存查询'}
        initial={saveInitial}
        onSave={save}
        onClose={() => setSaving(null)}
      />
    </Card>
  )
}
