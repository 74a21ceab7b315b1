import { Alert, Button, DatePicker, Drawer, Form, Input, Radio, Select, Space, Table, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useCallback, useEffect, useState } from 'react'
import { OCCASION_NAMES, RECORD_KIND_NAMES, RECORD_STATE_NAMES, type RecordKind, type RecordState, type RecordView, type Threshold } from '@/api/generated/aid'
import type { Page } from '@/api/request'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import RecordAttachments from '@/components/flow/RecordAttachments'
import FormDrawer from '@/components/FormDrawer'
import { searchMembers } from '@/components/member/service'
import Permission from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { confirmDeleteOf } from '@/components/crud'
import { addRecord, decideRecord, deleteRecord, exportRecords, fetchRecords, fetchThreshold, updateRecord } from './api'
import { afterToday, day } from './dates'

const PAGE_SIZE = 20
const KIND_OPTIONS = Object.entries(RECORD_KIND_NAMES).map(([value, label]) => ({ value, label }))
const STATE_OPTIONS = Object.entries(RECORD_STATE_NAMES).map(([value, label]) => ({ value, label }))
const OCCASION_OPTIONS = [{ value: '', label: '无' }, ...Object.entries(OCCASION_NAMES).map(([value, label]) => ({ value, label }))]
const STATE_COLORS: Record<RecordState, string> = { done: 'blue', pending: 'processing', approved: 'green', rejected: 'red' }

type RecordForm = { memberId: number; kind: RecordKind; occasion?: '' | 'qiyi' | 'chunjie'; aidOn: Dayjs; amount?: string; visitors?: string; note?: string }

/** A visit, in-kind help, or money not yet decided: decided money is fixed (the server answers 409 too). */
const changeable = (r: RecordView) => r.kind !== 'money' || r.state === 'pending'

/**
 * 登记帮扶记录: a visit (tagged 七一 / 春节 or not), money (proposed for approval) or in-kind help; or, given `item`,
 * its correction (member and kind stay: another is a new record).
 */
function RecordDrawer({ item, threshold, onClose, onDone }: { item?: RecordView; threshold?: Threshold; onClose: () => void; onDone: () => void }) {
  const body = (v: RecordForm) => ({ memberId: item?.memberId ?? v.memberId, kind: item?.kind ?? v.kind, occasion: v.kind === 'visit' ? v.occasion : '',
    aidOn: day(v.aidOn), amount: v.kind === 'money' ? v.amount?.trim() : undefined, visitors: v.visitors?.trim(), note: v.note?.trim() })
  const initial: Partial<RecordForm> = item
    ? { kind: item.kind, occasion: item.occasion, aidOn: dayjs(item.aidOn), amount: item.amount || undefined, visitors: item.visitors, note: item.note }
    : { kind: 'visit', occasion: '' }
  return (
    <FormDrawer<RecordForm> title={item ? `修改帮扶记录：${item.memberName}·${item.kindName}` : '登记帮扶记录'} width={560} initialValues={initial}
      onClose={onClose} onDone={onDone} successText={item ? '已修改' : '已登记'}
      onSubmit={(v) => (item ? updateRecord(item.id, body({ ...v, kind: item.kind })) : addRecord(body(v)))}>
      {!item && (
        <>
          <Form.Item label="党员" name="memberId" rules={[{ required: true, message: '请选择党员' }]}>
            <RemoteSelect search={(t) => searchMembers(t)} placeholder="输入姓名搜索" emptyText="没有匹配的党员" />
          </Form.Item>
          <Form.Item label="帮扶方式" name="kind" rules={[{ required: true, message: '请选择帮扶方式' }]}>
            <Radio.Group options={KIND_OPTIONS} />
          </Form.Item>
        </>
      )}
      {item && <Form.Item name="kind" hidden><Input /></Form.Item>}
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) => (
          <>
            {getFieldValue('kind') === 'visit' && (
              <>
                <Form.Item label="慰问节点" name="occasion"><Radio.Group options={OCCASION_OPTIONS} /></Form.Item>
                <Form.Item label="走访人员" name="visitors" rules={[{ required: true, whitespace: true, message: '请输入走访人员' }]}>
                  <Input maxLength={200} />
                </Form.Item>
              </>
            )}
            {getFieldValue('kind') === 'money' && (
              <Form.Item label="帮扶金额" name="amount" extra={threshold && `不超过 ${threshold.amount} 元由二级党委审批，超过须由组织部审批；经费从党费中列支`}
                rules={[{ required: true, message: '请输入帮扶金额' }, { pattern: /^\d{1,3}(,?\d{3})*(\.\d{1,2})?$/, message: '金额最多两位小数' }]}>
                <Input addonAfter="元" style={{ width: 220 }} />
              </Form.Item>
            )}
          </>
        )}
      </Form.Item>
      <Form.Item label="帮扶日期" name="aidOn" rules={[{ required: true, message: '请选择帮扶日期' }]}>
        <DatePicker disabledDate={afterToday} />
      </Form.Item>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) => (
          <Form.Item label={getFieldValue('kind') === 'goods' ? '帮扶物品' : '备注'} name="note"
            rules={getFieldValue('kind') === 'goods' ? [{ required: true, whitespace: true, message: '请输入帮扶物品' }] : []}>
            <Input.TextArea rows={3} maxLength={1000} />
          </Form.Item>
        )}
      </Form.Item>
      {!item && <Alert type="info" showIcon title="照片等材料可在登记后于列表中上传" />}
    </FormDrawer>
  )
}

/** 审批帮扶金: approve, or refuse with a reason. */
function DecideDialog({ item, onClose, onDone }: { item: RecordView; onClose: () => void; onDone: () => void }) {
  type V = { approve: boolean; remark?: string }
  return (
    <FormDialog<V> title={`审批${item.memberName}的帮扶金 ${item.amount} 元`} initialValues={{ approve: true }} onClose={onClose} onDone={onDone}
      successText="已审批" onSubmit={(v) => decideRecord(item.id, { approve: v.approve, remark: v.remark?.trim() })}>
      <Form.Item label="审批结果" name="approve">
        <Radio.Group options={[{ value: true, label: '批准' }, { value: false, label: '不批准' }]} />
      </Form.Item>
      <Form.Item label="审批意见" name="remark"><Input.TextArea rows={3} maxLength={500} /></Form.Item>
    </FormDialog>
  )
}

/** 照片和材料: a record's files, kept through the system file store. */
function PhotosDrawer({ item, onClose }: { item: RecordView; onClose: () => void }) {
  return (
    <Drawer open title={`${item.memberName}·${item.kindName}（${item.aidOn}）的照片和材料`} size={560} onClose={onClose}>
      <RecordAttachments api={`/api/dybf/records/${item.id}/attachments`} editPerm={PERM.dybfAdd} accept="image/*,.pdf" emptyText="暂无照片或材料" />
    </Drawer>
  )
}

/** 帮扶记录: the aid records of the caller's scope, registered, approved and exported here. */
export default function RecordsTab() {
  const [page, setPage] = useState(0)
  const [name, setName] = useState('')
  const [kind, setKind] = useState<RecordKind>()
  const [state, setState] = useState<RecordState>()
  const [data, setData] = useState<Page<RecordView>>()
  const [threshold, setThreshold] = useState<Threshold>()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<RecordView>()
  const [deciding, setDeciding] = useState<RecordView>()
  const [photos, setPhotos] = useState<RecordView>()
  const filters = { memberName: name || undefined, kind, state }
  const load = useCallback(() => {
    void fetchRecords({ page, size: PAGE_SIZE, memberName: name || undefined, kind, state }).then(setData)
  }, [page, name, kind, state])
  useEffect(load, [load])
  useEffect(() => { void fetchThreshold().then(setThreshold) }, [])
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search placeholder="党员姓名" allowClear style={{ width: 200 }} onSearch={(v) => { setPage(0); setName(v) }} />
        <Select aria-label="帮扶方式" allowClear placeholder="帮扶方式" style={{ width: 120 }} value={kind} options={KIND_OPTIONS}
          onChange={(v?: RecordKind) => { setPage(0); setKind(v) }} />
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 120 }} value={state} options={STATE_OPTIONS}
          onChange={(v?: RecordState) => { setPage(0); setState(v) }} />
        <Permission need={[PERM.dybfAdd]}>
          <Button type="primary" onClick={() => setAdding(true)}>登记帮扶记录</Button>
        </Permission>
        <Permission need={[PERM.dybfExport]}>
          <Button onClick={() => void exportRecords(filters)}>导出</Button>
        </Permission>
      </Space>
      <Table<RecordView>
        rowKey="id"
        dataSource={data?.content ?? []}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: data?.totalElements ?? 0, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: '党员', dataIndex: 'memberName' },
          { title: '党组织', dataIndex: 'orgName' },
          { title: '帮扶方式', dataIndex: 'kindName', render: (t: string, r) => (r.occasionName ? `${t}（${r.occasionName}）` : t) },
          { title: '帮扶日期', dataIndex: 'aidOn' },
          { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: string) => v || '—' },
          { title: '走访人员', dataIndex: 'visitors' },
          { title: '备注', dataIndex: 'note', ellipsis: true },
          { title: '状态', dataIndex: 'stateName', render: (t: string, r) => <Tag color={STATE_COLORS[r.state]}>{r.needsSchool && r.state === 'pending' ? `${t}（组织部）` : t}</Tag> },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setPhotos(r)}>照片</Button>
                {r.state === 'pending' && (
                  <Permission need={[PERM.dybfApprove]}>
                    <Button type="link" size="small" onClick={() => setDeciding(r)}>审批</Button>
                  </Permission>
                )}
                {changeable(r) && (
                  <Permission need={[PERM.dybfAdd]}>
                    <Button type="link" size="small" onClick={() => setEditing(r)}>编辑</Button>
                    <Button type="link" size="small" danger
                      onClick={() => void confirmDeleteOf(`${r.memberName}·${r.kindName}（${r.aidOn}）`, () => deleteRecord(r.id), { kind: '帮扶记录', note: '照片和材料一并删除。' })
                        .then((ok) => ok && load())}>
                      删除
                    </Button>
                  </Permission>
                )}
              </Space>
            ),
          },
        ]}
      />
      {adding && <RecordDrawer threshold={threshold} onClose={() => setAdding(false)} onDone={load} />}
      {editing && <RecordDrawer item={editing} threshold={threshold} onClose={() => setEditing(undefined)} onDone={load} />}
      {photos && <PhotosDrawer item={photos} onClose={() => setPhotos(undefined)} />}
      {deciding && <DecideDialog item={deciding} onClose={() => setDeciding(undefined)} onDone={load} />}
    </>
  )
}
