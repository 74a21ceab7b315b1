import { CameraOutlined, DiffOutlined, DownloadOutlined } from '@ant-design/icons'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, DatePicker, Drawer, Empty, Form, Input, Modal, Segmented, Select, Space, Spin, Table, Tabs, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import { ReportFailed } from '@/components/report/ReportPage'
import StatsTable, { LINE_PAGE_SIZE } from '../dntj/StatsTable'
import {
  compare, exportComparison, exportRoster, getDiff, getFrozenTable, getRoster, getSnapshot, listSnapshots, takeSnapshot,
  type Diff, type MemberFilter, type RosterEntry, type Snapshot, type SnapshotChange,
} from './api'

const PAGE_SIZE = 20

const KINDS: Record<string, { label: string; color: string }> = {
  manual: { label: '手动', color: 'blue' },
  scheduled: { label: '年末定时', color: 'green' },
}

const CHANGES: Record<SnapshotChange, string> = { new: '新增', gone: '减少', changed: '组织关系或党籍状态变化' }

const fmt = (d: string | null) => (d ? dayjs(d).format('YYYY年M月D日') : '')

/**
 * 数据快照 (统计分析 › 数据快照): the 党内统计 tables and the roster they counted, frozen as of a date — by the 组织部
 * on demand, and every 31 December by a job — then read, compared two by two and exported. Snapshots are read-only
 * and kept: the page has no edit nor delete.
 */
export default function SnapshotPage() {
  const canCreate = useHasPermission([PERM.sjkzCreate])
  const [page, setPage] = useState(1)
  const [creating, setCreating] = useState(false)
  const [open, setOpen] = useState<Snapshot | null>(null)
  const [selected, setSelected] = useState<Snapshot[]>([])
  const [comparing, setComparing] = useState<[Snapshot, Snapshot] | null>(null)
  const list = useQuery({ queryKey: ['sjkz', 'list', page], queryFn: () => listSnapshots(page - 1, PAGE_SIZE), placeholderData: keepPreviousData })
  const columns: ColumnsType<Snapshot> = [
    { key: 'title', title: '快照名称', render: (_, s) => <Typography.Link onClick={() => setOpen(s)}>{s.title}</Typography.Link> },
    { key: 'date', title: '快照日期', width: 140, render: (_, s) => fmt(s.date) },
    { key: 'kind', title: '方式', width: 100, render: (_, s) => <Tag color={KINDS[s.kind]?.color}>{KINDS[s.kind]?.label ?? s.kind}</Tag> },
    { key: 'members', title: '党员人数', width: 100, align: 'right', render: (_, s) => s.members },
    { key: 'takenAt', title: '生成时间', width: 170, render: (_, s) => dayjs(s.takenAt).format('YYYY-MM-DD HH:mm') },
    { key: 'takenBy', title: '生成人', width: 120, render: (_, s) => s.takenBy },
  ]
  // Compared in date order: the earlier is 「之前」.
  const startCompare = () => {
    const [a, b] = [...selected].sort((x, y) => (x.date ?? '').localeCompare(y.date ?? '') || x.id - y.id)
    setComparing([a, b])
  }
  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        {canCreate && <Button type="primary" icon={<CameraOutlined />} onClick={() => setCreating(true)}>新建快照</Button>}
        <Button icon={<DiffOutlined />} disabled={selected.length !== 2} onClick={startCompare}>对比</Button>
        <Typography.Text type="secondary">勾选两个快照后可对比；快照只读，生成后不能修改。</Typography.Text>
      </Space>
      {list.isError ? (
        <ReportFailed what="数据快照" retry={() => void list.refetch()} />
      ) : (
        <Table<Snapshot>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          columns={columns}
          dataSource={list.data?.content ?? []}
          rowSelection={{
            selectedRowKeys: selected.map((s) => s.id),
            onChange: (_, rows) => setSelected(rows.slice(-2)),
            getCheckboxProps: (s) => ({ 'aria-label': `选择${s.title}` }),
          }}
          locale={{ emptyText: <Empty description={canCreate ? '还没有数据快照：点击「新建快照」冻结某一日期的党内统计和党员名单；每年12月31日的快照会在次年1月1日自动生成' : '还没有数据快照：由组织部新建，或在每年1月1日自动生成上一年12月31日的快照'} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.totalElements ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (n) => `共 ${n} 个快照` }}
        />
      )}
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      {open && <DetailDrawer snapshot={open} onClose={() => setOpen(null)} />}
      {comparing && <CompareDrawer pair={comparing} onClose={() => setComparing(null)} />}
    </Card>
  )
}

/** 新建快照: a date (today at the latest) and a title; the request runs while the spinner turns (seconds even for a large school). */
function CreateDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [form] = Form.useForm<{ date: Dayjs; title: string }>()
  const take = useMutation({
    mutationFn: (v: { date: Dayjs; title: string }) => takeSnapshot({ date: v.date.format('YYYY-MM-DD'), title: v.title }),
    onSuccess: (s) => {
      void message.success(`已生成快照「${s.title}」，共 ${s.members} 名党员`)
      void qc.invalidateQueries({ queryKey: ['sjkz'] })
      onClose()
    },
  })
  const today = dayjs()
  return (
    <Modal open title="新建快照" okText="生成快照" confirmLoading={take.isPending} onOk={() => form.submit()} onCancel={onClose} mask={{ closable: false }}>
      <Spin spinning={take.isPending} description="正在冻结统计数据和党员名单…">
        <Typography.Paragraph type="secondary">
          按快照日期当日结束时的党员记录冻结党内统计各表（全校合计及各二级党委、党支部）和所统计的党员名单。快照生成后只读、长期保留。
        </Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={{ date: today, title: `${today.format('YYYY年M月D日')}数据快照` }} onFinish={(v) => take.mutate(v)}>
          <Form.Item name="date" label="快照日期" rules={[{ required: true, message: '请选择快照日期' }]}>
            <DatePicker aria-label="快照日期" allowClear={false} disabledDate={(d) => d.isAfter(today, 'day')}
              onChange={(d) => d && form.setFieldValue('title', `${d.format('YYYY年M月D日')}数据快照`)} />
          </Form.Item>
          <Form.Item name="title" label="快照名称" rules={[{ required: true, whitespace: true, message: '请填写快照名称' }, { max: 100, message: '快照名称不能超过100个字' }]}>
            <Input aria-label="快照名称" maxLength={100} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  )
}

/** A snapshot: its frozen tables (a table and a level) and its roster (by organisation and name). */
function DetailDrawer({ snapshot, onClose }: { snapshot: Snapshot; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['sjkz', 'detail', snapshot.id], queryFn: () => getSnapshot(snapshot.id) })
  return (
    <Drawer open size={1100} title={`${snapshot.title}（${fmt(snapshot.date)}）`} onClose={onClose}>
      {detail.isLoading ? <Spin /> : detail.isError || !detail.data ? <ReportFailed what="快照" retry={() => void detail.refetch()} /> : (
        <Tabs items={[
          { key: 'tables', label: '统计表', children: <FrozenTables id={snapshot.id} tables={detail.data.tables} whole={detail.data.whole} /> },
          { key: 'roster', label: `党员名单（${snapshot.members}人）`, children: <Roster snapshot={snapshot} /> },
        ]} />
      )}
    </Drawer>
  )
}

function FrozenTables({ id, tables, whole }: { id: number; tables: { key: string; title: string }[]; whole: boolean }) {
  const [key, setKey] = useState(tables[0]?.key ?? '')
  const [level, setLevel] = useState<'second' | 'branch'>('second')
  const [page, setPage] = useState(1)
  const table = useQuery({
    queryKey: ['sjkz', 'table', id, key, level, page],
    queryFn: () => getFrozenTable(id, key, level, page - 1, LINE_PAGE_SIZE),
    enabled: key !== '',
    placeholderData: keepPreviousData,
  })
  if (tables.length === 0) return <Empty description="该快照没有冻结统计表" />
  const t = table.data
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="统计表" style={{ width: 200 }} value={key} onChange={(k: string) => { setKey(k); setPage(1) }}
          options={tables.map((x) => ({ value: x.key, label: x.title }))} />
        <Segmented value={level} onChange={(l) => { setLevel(l as 'second' | 'branch'); setPage(1) }}
          options={[{ value: 'second', label: '按二级党委' }, { value: 'branch', label: '按党支部' }]} />
        {!whole && <Typography.Text type="secondary">仅显示管理范围内的党组织，合计为本单位各行之和</Typography.Text>}
      </Space>
      {table.isError ? <ReportFailed what="统计表" retry={() => void table.refetch()} /> : !t ? <Spin /> : (
        <StatsTable page={page} onPage={setPage}
          result={{ table: t.key, title: t.title, unit: t.unit, date: '', orgName: '', level: t.level === 'branch' ? 'branch' : 'second', columns: t.columns,
            total: t.total, lines: t.lines, checks: [], direct: {}, own: {}, note: '', from: '', period: false }} />
      )}
    </>
  )
}

function Roster({ snapshot }: { snapshot: Snapshot }) {
  const { message } = App.useApp()
  const canExport = useHasPermission([PERM.sjkzExport])
  const [f, setF] = useState<MemberFilter>({})
  const [page, setPage] = useState(1)
  const [exporting, setExporting] = useState(false)
  const roster = useQuery({
    queryKey: ['sjkz', 'roster', snapshot.id, f, page],
    queryFn: () => getRoster(snapshot.id, f, page - 1, PAGE_SIZE),
    placeholderData: keepPreviousData,
  })
  const columns: ColumnsType<RosterEntry> = [
    { key: 'name', title: '姓名', width: 100, render: (_, r) => r.name },
    { key: 'org', title: '所在党组织', render: (_, r) => r.orgName },
    { key: 'gender', title: '性别', width: 60, render: (_, r) => r.gender },
    { key: 'ethnicity', title: '民族', width: 80, render: (_, r) => r.ethnicity },
    { key: 'education', title: '学历', width: 120, render: (_, r) => r.education },
    { key: 'category', title: '人员类别', width: 100, render: (_, r) => r.personCategory },
    { key: 'status', title: '党籍状态', width: 90, render: (_, r) => r.partyStatus },
    { key: 'birth', title: '出生日期', width: 110, render: (_, r) => r.birthDate },
    { key: 'joined', title: '入党日期', width: 110, render: (_, r) => r.joinedOn },
  ]
  const download = () => {
    setExporting(true)
    exportRoster(snapshot, f).catch(() => void message.error('导出失败，请稍后重试')).finally(() => setExporting(false))
  }
  const filtered = Boolean(f.orgId || f.name)
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <OrgTreeSelect value={f.orgId ?? null} onChange={(v) => { setF({ ...f, orgId: typeof v === 'number' ? v : null }); setPage(1) }} placeholder="全部党组织（管理范围内）" style={{ width: 260 }} />
        <Input.Search aria-label="姓名" placeholder="姓名" allowClear style={{ width: 180 }} onSearch={(name) => { setF({ ...f, name }); setPage(1) }} />
        {canExport && <Button icon={<DownloadOutlined />} loading={exporting} onClick={download}>导出名单</Button>}
      </Space>
      <Table<RosterEntry> rowKey="memberId" size="small" loading={roster.isLoading} columns={columns} dataSource={roster.data?.content ?? []}
        locale={{ emptyText: <Empty description={filtered ? '没有符合筛选条件的党员' : '快照日期当日结束时，管理范围内没有计入统计的党员'} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: roster.data?.totalElements ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (n) => `共 ${n} 人` }} />
    </>
  )
}

/** Two snapshots compared: each table's changed total cells, then who is new, gone or changed. */
function CompareDrawer({ pair: [a, b], onClose }: { pair: [Snapshot, Snapshot]; onClose: () => void }) {
  const { message } = App.useApp()
  const canExport = useHasPermission([PERM.sjkzExport])
  const [change, setChange] = useState<SnapshotChange | null>(null)
  const [page, setPage] = useState(1)
  const [exporting, setExporting] = useState(false)
  const cmp = useQuery({ queryKey: ['sjkz', 'compare', a.id, b.id], queryFn: () => compare(a.id, b.id) })
  const diff = useQuery({
    queryKey: ['sjkz', 'diff', a.id, b.id, change, page],
    queryFn: () => getDiff(a.id, b.id, { change }, page - 1, PAGE_SIZE),
    placeholderData: keepPreviousData,
  })
  const download = () => {
    setExporting(true)
    exportComparison(a, b).catch(() => void message.error('导出失败，请稍后重试')).finally(() => setExporting(false))
  }
  const columns: ColumnsType<Diff> = [
    { key: 'change', title: '变化', width: 170, render: (_, d) => CHANGES[d.change] },
    { key: 'name', title: '姓名', width: 100, render: (_, d) => d.name },
    { key: 'before', title: `原所在党组织（${fmt(a.date)}）`, render: (_, d) => d.beforeOrgName },
    { key: 'after', title: `现所在党组织（${fmt(b.date)}）`, render: (_, d) => d.afterOrgName },
    { key: 'status', title: '党籍状态', width: 180, render: (_, d) => (d.beforeStatus && d.afterStatus && d.beforeStatus !== d.afterStatus ? `${d.beforeStatus} → ${d.afterStatus}` : d.afterStatus || d.beforeStatus) },
  ]
  const c = cmp.data
  return (
    <Drawer open size={1100} title={`对比：${a.title}（${fmt(a.date)}）→ ${b.title}（${fmt(b.date)}）`} onClose={onClose}
      extra={canExport && <Button icon={<DownloadOutlined />} loading={exporting} onClick={download}>导出对比</Button>}>
      {cmp.isLoading ? <Spin /> : cmp.isError || !c ? <ReportFailed what="快照对比" retry={() => void cmp.refetch()} /> : (
        <>
          <Typography.Title level={5}>统计表合计的变化{!c.whole && '（管理范围内）'}</Typography.Title>
          {c.tables.map((t) => (
            <div key={t.key} style={{ marginBottom: 16 }}>
              <Typography.Text strong>{t.title}</Typography.Text>
              {t.cells.length === 0 ? (
                <Typography.Paragraph type="secondary">两个快照的合计相同，没有变化</Typography.Paragraph>
              ) : (
                <Table rowKey="key" size="small" pagination={false} dataSource={t.cells} columns={[
                  { key: 'title', title: '指标', render: (_, x) => x.title },
                  { key: 'before', title: a.title, align: 'right', render: (_, x) => x.before },
                  { key: 'after', title: b.title, align: 'right', render: (_, x) => x.after },
                  { key: 'delta', title: '增减', align: 'right', render: (_, x) => (x.delta > 0 ? `+${x.delta}` : x.delta) },
                ]} />
              )}
            </div>
          ))}
          <Typography.Title level={5}>人员变化</Typography.Title>
          <Segmented<string> style={{ marginBottom: 12 }} value={change ?? 'all'} onChange={(v) => { setChange(v === 'all' ? null : (v as SnapshotChange)); setPage(1) }}
            options={[{ value: 'all', label: '全部' }, ...(['new', 'gone', 'changed'] as SnapshotChange[]).map((k) => ({ value: k, label: `${CHANGES[k]} ${c.changes[k] ?? 0}` }))]} />
          <Table<Diff> rowKey={(d) => `${d.change}-${d.memberId}`} size="small" loading={diff.isLoading} columns={columns} dataSource={diff.data?.content ?? []}
            locale={{ emptyText: <Empty description="两个快照之间没有人员新增、减少或组织关系、党籍状态变化" /> }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: diff.data?.totalElements ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (n) => `共 ${n} 人` }} />
        </>
      )}
    </Drawer>
  )
}
