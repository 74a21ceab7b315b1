import { Button, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useCallback, useEffect, useState } from 'react'
import { CASE_STATE_NAMES, DICT_KIND, type CaseState, type CaseView } from '@/api/generated/aid'
import type { Page } from '@/api/request'
import { PERM } from '@/api/permissions'
import { useDicts } from '@/components/dict/useDicts'
import FormDialog from '@/components/FormDialog'
import FormDrawer from '@/components/FormDrawer'
import { searchMembers } from '@/components/member/service'
import Permission from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { confirmDeleteOf } from '@/components/crud'
import { addCase, deleteCase, fetchCases, resolveCase, updateCase } from './api'
import { afterToday, day } from './dates'

const PAGE_SIZE = 20
const STATE_OPTIONS = Object.entries(CASE_STATE_NAMES).map(([value, label]) => ({ value, label }))

/**
 * 登记帮扶对象: a member of the caller's scope, the kind of difficulty, what it is and since when; or, given
 * `item`, its correction (the member stays: another member is another case).
 */
function CaseDrawer({ item, onClose, onDone }: { item?: CaseView; onClose: () => void; onDone: () => void }) {
  const dicts = useDicts(DICT_KIND)
  type V = { memberId: number; kind: string; description: string; since: Dayjs }
  const change = (v: V) => ({ kind: v.kind, description: v.description.trim(), since: day(v.since) })
  return (
    <FormDrawer<V> title={item ? `修改帮扶对象：${item.memberName}` : '登记帮扶对象'} width={560} onClose={onClose} onDone={onDone}
      successText={item ? '已修改' : '已登记'}
      initialValues={item && { kind: item.kind, description: item.description, since: dayjs(item.since) }}
      onSubmit={(v) => (item ? updateCase(item.id, change(v)) : addCase({ memberId: v.memberId, ...change(v) }))}>
      {!item && (
        <Form.Item label="党员" name="memberId" rules={[{ required: true, message: '请选择党员' }]}>
          <RemoteSelect search={(t) => searchMembers(t)} placeholder="输入姓名搜索" emptyText="没有匹配的党员" />
        </Form.Item>
      )}
      <Form.Item label="困难类别" name="kind" rules={[{ required: true, message: '请选择困难类别' }]}>
        <Select options={(dicts[DICT_KIND] ?? []).map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      <Form.Item label="困难情况" name="description" rules={[{ required: true, whitespace: true, message: '请输入困难情况' }]}>
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
      <Form.Item label="开始日期" name="since" rules={[{ required: true, message: '请选择开始日期' }]}>
        <DatePicker disabledDate={afterToday} />
      </Form.Item>
    </FormDrawer>
  )
}

/** 已脱困: the day the member's difficulty ended. */
function ResolveDialog({ item, onClose, onDone }: { item: CaseView; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ until: Dayjs }> title={`${item.memberName}已脱困`} onClose={onClose} onDone={onDone} successText="已标记为已脱困"
      onSubmit={(v) => resolveCase(item.id, { until: day(v.until) })}>
      <Form.Item label="脱困日期" name="until" rules={[{ required: true, message: '请选择脱困日期' }]}>
        <DatePicker disabledDate={afterToday} />
      </Form.Item>
    </FormDialog>
  )
}

/** 帮扶对象: the members in difficulty of the caller's scope, with the fee module's reduction in force. */
export default function CasesTab() {
  const [page, setPage] = useState(0)
  const [name, setName] = useState('')
  const [state, setState] = useState<CaseState | undefined>('aiding')
  const [data, setData] = useState<Page<CaseView>>()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<CaseView>()
  const [resolving, setResolving] = useState<CaseView>()
  const load = useCallback(() => {
    void fetchCases({ page, size: PAGE_SIZE, memberName: name || undefined, state }).then(setData)
  }, [page, name, state])
  useEffect(load, [load])
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search placeholder="党员姓名" allowClear style={{ width: 200 }} onSearch={(v) => { setPage(0); setName(v) }} />
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 120 }} value={state} options={STATE_OPTIONS}
          onChange={(v?: CaseState) => { setPage(0); setState(v) }} />
        <Permission need={[PERM.dybfAdd]}>
          <Button type="primary" onClick={() => setAdding(true)}>登记帮扶对象</Button>
        </Permission>
      </Space>
      <Table<CaseView>
        rowKey="id"
        dataSource={data?.content ?? []}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: data?.totalElements ?? 0, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: '党员', dataIndex: 'memberName' },
          { title: '党组织', dataIndex: 'orgName' },
          { title: '困难类别', dataIndex: 'kindName' },
          { title: '困难情况', dataIndex: 'description', ellipsis: true },
          { title: '开始日期', dataIndex: 'since' },
          { title: '脱困日期', dataIndex: 'until', render: (v: string | null) => v ?? '—' },
          { title: '党费减免', dataIndex: 'hardship', render: (_, r) => (r.hardship ? `${r.hardship.label}${r.hardship.amount ? ` ${r.hardship.amount} 元/月` : ''}（${r.hardship.from} 至 ${r.hardship.to}）` : '—') },
          { title: '状态', dataIndex: 'stateName', render: (t: string, r) => <Tag color={r.state === 'aiding' ? 'orange' : 'green'}>{t}</Tag> },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <Permission need={[PERM.dybfAdd]}>
                <Space size={0}>
                  {r.state === 'aiding' && <Button type="link" size="small" onClick={() => setResolving(r)}>已脱困</Button>}
                  <Button type="link" size="small" onClick={() => setEditing(r)}>编辑</Button>
                  <Button type="link" size="small" danger
                    onClick={() => void confirmDeleteOf(r.memberName, () => deleteCase(r.id), { kind: '帮扶对象', note: '（其帮扶记录保留）' }).then((ok) => ok && load())}>
                    删除
                  </Button>
                </Space>
              </Permission>
            ),
          },
        ]}
      />
      {adding && <CaseDrawer onClose={() => setAdding(false)} onDone={load} />}
      {editing && <CaseDrawer item={editing} onClose={() => setEditing(undefined)} onDone={load} />}
      {resolving && <ResolveDialog item={resolving} onClose={() => setResolving(undefined)} onDone={load} />}
    </>
  )
}
