import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, DatePicker, Empty, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tabs } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { del, get, post, type Page } from '@/api/request'
import { downloadFile } from '@/api/file'
import { LIMITS, MATTERS_KIND_NAMES, MATTERS_KINDS, RECORD_KIND_NAMES, RECORD_KINDS, type MattersKind, type RecordInput, type RecordKind, type RecordView, type Unsigned } from '@/api/generated/duty'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { serverPager } from '@/components/pagerTotal'
import YearSelect from '@/components/YearSelect'

const RECORDS = '/api/dlda/records'

interface RecordForm { kind: RecordKind; year?: number; day: Dayjs; mattersKind?: MattersKind; topic?: string; hours?: number; remarks?: string }

/** 登记 one's own record: a commitment signed, a personal-matters report, an integrity education attended. */
function RecordDialog({ onClose }: { onClose: () => void }) {
  const client = useQueryClient()
  const [kind, setKind] = useState<RecordKind>('commitment')
  return (
    <FormDialog<RecordForm> title="登记德廉档案" width={560} initialValues={{ kind: 'commitment', year: dayjs().year() }} successText="已登记" onClose={onClose}
      onValuesChange={(v: Partial<RecordForm>) => v.kind && setKind(v.kind)}
      onSubmit={async (v) => {
        const body: RecordInput = { memberId: 0, kind: v.kind, year: v.year ?? 0, day: v.day.format('YYYY-MM-DD'), mattersKind: v.mattersKind ?? 'annual',
          topic: v.topic?.trim() ?? '', hours: v.hours ?? 0, remarks: v.remarks?.trim() ?? '' }
        await post<RecordView>(RECORDS, body)
        await client.invalidateQueries({ queryKey: ['dlda'] })
      }}>
      <Form.Item name="kind" label="记录类别" rules={[{ required: true, message: '请选择记录类别' }]}>
        <Select options={RECORD_KINDS.map((k) => ({ value: k, label: RECORD_KIND_NAMES[k] }))} />
      </Form.Item>
      {kind !== 'education' && <Form.Item name="year" label="年度" rules={[{ required: true, message: '请选择年度' }]}><InputNumber min={2000} max={2100} /></Form.Item>}
      {kind === 'matters' && (
        <Form.Item name="mattersKind" label="报告类型" rules={[{ required: true, message: '请选择报告类型' }]}>
          <Select options={MATTERS_KINDS.map((k) => ({ value: k, label: MATTERS_KIND_NAMES[k] }))} />
        </Form.Item>
      )}
      <Form.Item name="day" label={kind === 'commitment' ? '签订日期' : kind === 'matters' ? '报告日期' : '参加日期'} rules={[{ required: true, message: '请选择日期' }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      {kind === 'education' && (
        <>
          <Form.Item name="topic" label="教育主题" rules={[{ required: true, message: '请输入教育主题' }]}><Input maxLength={LIMITS.topic} /></Form.Item>
          <Form.Item name="hours" label="学时" rules={[{ required: true, message: '请输入学时' }]}><InputNumber min={0.1} max={100} step={0.5} /></Form.Item>
        </>
      )}
      <Form.Item name="remarks" label="备注" extra="签字的承诺书、报告表等文件登记后在记录中上传"><Input.TextArea rows={2} maxLength={LIMITS.remarks} /></Form.Item>
    </FormDialog>
  )
}

function Records() {
  const client = useQueryClient()
  const wide = useHasPermission([PERM.dldaList])
  const [kind, setKind] = useState<RecordKind | undefined>()
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(1)
  const [adding, setAdding] = useState(false)
  const q = useQuery({ queryKey: ['dlda', 'records', kind, blurry, page], placeholderData: keepPreviousData,
    queryFn: () => get<Page<RecordView>>(RECORDS, { page: page - 1, size: 20, kind, blurry: blurry || undefined }) })
  const remove = async (id: number) => {
    try {
      await del(`${RECORDS}/${id}`)
      ui.message.success('已删除')
      await client.invalidateQueries({ queryKey: ['dlda'] })
    } catch { /* shown by the request pipeline */ }
  }
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select aria-label="记录类别" allowClear placeholder="记录类别" style={{ width: 160 }} value={kind} onChange={(v) => { setKind(v); setPage(1) }}
          options={RECORD_KINDS.map((k) => ({ value: k, label: RECORD_KIND_NAMES[k] }))} />
        {wide && <Input.Search aria-label="姓名" placeholder="姓名或主题" allowClear onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} style={{ width: 200 }} />}
        <Button type="primary" onClick={() => setAdding(true)}>登记本人记录</Button>
      </Space>
      <Table<RecordView> rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data?.content} pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={wide ? '管理范围内暂无德廉档案记录' : '您还没有德廉档案记录：可登记本人签订的廉洁承诺书、个人有关事项报告和参加的廉洁教育'} /> }}
        columns={[
          { title: '姓名', dataIndex: 'memberName', width: 100 },
          { title: '党组织', dataIndex: 'orgName' },
          { title: '类别', dataIndex: 'kindName', width: 150 },
          { title: '年度', dataIndex: 'year', width: 70 },
          { title: '日期', dataIndex: 'day', width: 110 },
          { title: '内容', render: (_, r) => (r.kind === 'education' ? `${r.topic}（${r.tenths / 10}学时）` : r.kind === 'matters' ? MATTERS_KIND_NAMES[r.mattersKind as MattersKind] : '') },
          { title: '备注', dataIndex: 'remarks' },
          { title: '操作', width: 80, render: (_, r) => (
            <Popconfirm title="确定删除这条记录吗？" onConfirm={() => remove(r.id)}><Button type="link" danger style={{ padding: 0 }}>删除</Button></Popconfirm>
          ) },
        ]} />
      {adding && <RecordDialog onClose={() => setAdding(false)} />}
    </>
  )
}

function UnsignedList() {
  const canExport = useHasPermission([PERM.dldaExport])
  const [year, setYear] = useState(dayjs().year())
  const [page, setPage] = useState(1)
  const q = useQuery({ queryKey: ['dlda', 'unsigned', year, page], placeholderData: keepPreviousData,
    queryFn: () => get<Page<Unsigned>>('/api/dlda/unsigned', { page: page - 1, size: 20, year }) })
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <YearSelect value={year} onChange={(y) => { setYear(y); setPage(1) }} past={5} />
        {canExport && <Button onClick={() => void downloadFile('/api/dlda/unsigned/export', { year }, `${year}年度未签订廉洁承诺书名单.xlsx`).catch(() => ui.message.error('导出失败，请稍后重试'))}>导出</Button>}
      </Space>
      <Table<Unsigned> rowKey="memberId" size="middle" loading={q.isFetching} dataSource={q.data?.content} pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={`管理范围内的党员均已签订${year}年度廉洁承诺书`} /> }}
        columns={[{ title: '姓名', dataIndex: 'name', width: 120 }, { title: '党组织', dataIndex: 'orgName' }]} />
    </>
  )
}

/** 德廉档案 (docs/duty.md): one's own records (everyone), those of the managed scope, and the year's unsigned list. */
export default function IntegrityPage() {
  const wide = useHasPermission([PERM.dldaList])
  return (
    <div style={{ padding: 16 }}>
      <Tabs items={[
        { key: 'records', label: wide ? '德廉档案' : '我的德廉档案', children: <Records /> },
        ...(wide ? [{ key: 'unsigned', label: '未签承诺书', children: <UnsignedList /> }] : []),
      ]} />
    </div>
  )
}
