import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, DatePicker, Drawer, Empty, Form, Input, InputNumber, Modal, Select, Space, Spin, Table, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { LIMITS, METHOD_NAMES, METHODS, type CongressView, type Method, type UnitView } from '@/api/generated/election'
import { PERM } from '@/api/permissions'
import { downloadFile } from '@/api/file'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import {
  closeUnitVote,
  congressDetail,
  createCongress,
  listCongresses,
  nominate,
  nominees,
  openUnitVote,
  representatives,
  repsExportUrl,
  unitRoll,
  withdrawNomination,
} from '../hjxj/api'
import { OpenVoteDialog, VoteList } from '../hjxj/Votes'
import { serverPager } from '@/components/pagerTotal'

interface CongressForm {
  orgId: number
  title: string
  nominateBy: Dayjs
  note?: string
  units: { orgId: number; quota: number; method: Method }[]
}

const METHOD_OPTIONS = METHODS.map((m) => ({ value: m, label: METHOD_NAMES[m] }))

/** 新增: the committee convening the congress, the constituencies (usually its 二级党委) and their quotas. */
function CongressDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  return (
    <FormDialog<CongressForm>
      title="新增党代表选举"
      width={760}
      initialValues={{ nominateBy: dayjs().add(3, 'week'), units: [{ quota: 2, method: 'diff' } as CongressForm['units'][number]] }}
      successText="已设置选举单位，各党支部可推荐提名"
      onClose={onClose}
      onSubmit={async (v) => {
        const g = await createCongress({ orgId: v.orgId, title: v.title.trim(), nominateBy: v.nominateBy.format('YYYY-MM-DD'), note: v.note?.trim(), units: v.units })
        onCreated(g.id)
      }}
    >
      <Form.Item name="orgId" label="召开大会的党委" rules={[{ required: true, message: '请选择召开代表大会的党委' }]}>
        <OrgTreeSelect selectable={(o) => o.type === '1' || o.type === '2'} />
      </Form.Item>
      <Form.Item name="title" label="选举名称" rules={[{ required: true, message: '请输入选举名称' }]}>
        <Input maxLength={LIMITS.title} />
      </Form.Item>
      <Form.Item name="nominateBy" label="提名截止" rules={[{ required: true, message: '请选择提名截止日期' }]}>
        <DatePicker />
      </Form.Item>
      <Form.Item label="选举单位" required extra="差额选举的候选人数应多于代表名额的20%">
        <Form.List name="units">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.map((f) => (
                <Space key={f.key} wrap>
                  <Form.Item name={[f.name, 'orgId']} noStyle rules={[{ required: true, message: '请选择选举单位' }]}>
                    <OrgTreeSelect style={{ width: 240 }} selectable={(o) => o.type !== '6'} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'quota']} noStyle rules={[{ required: true, message: '请输入名额' }]}>
                    <InputNumber min={1} max={LIMITS.quota} addonAfter="名" style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'method']} noStyle>
                    <Select options={METHOD_OPTIONS} style={{ width: 110 }} />
                  </Form.Item>
                  <Button onClick={() => remove(f.name)}>删除</Button>
                </Space>
              ))}
              <Button onClick={() => add({ quota: 2, method: 'diff' })}>添加选举单位</Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="note" label="说明">
        <Input.TextArea rows={2} maxLength={LIMITS.note} />
      </Form.Item>
    </FormDialog>
  )
}

/** 推荐提名: a branch of the caller's scope within the constituency proposes one of its members with a vote. */
function NominateDialog({ unit, onClose, onDone }: { unit: UnitView; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ branchId: number; memberId: number; reason?: string }>
      title={`${unit.orgName}：推荐提名代表候选人`}
      successText="已提名"
      onClose={onClose}
      onDone={onDone}
      onSubmit={(v) => nominate(unit.id, { branchId: v.branchId, memberId: v.memberId, reason: v.reason?.trim() })}
    >
      <NominateFields />
    </FormDialog>
  )
}

function NominateFields() {
  const form = Form.useFormInstance()
  const branch = Form.useWatch('branchId', form) as number | undefined
  const people = useQuery({ queryKey: ['ddbxj', 'eligible', branch], queryFn: () => nominees(branch!), enabled: !!branch })
  return (
    <>
      <Form.Item name="branchId" label="推荐的党组织" rules={[{ required: true, message: '请选择推荐的党组织' }]}>
        <OrgTreeSelect />
      </Form.Item>
      <Form.Item name="memberId" label="被提名人" rules={[{ required: true, message: '请选择被提名人' }]}>
        <Select showSearch optionFilterProp="label" loading={people.isFetching} options={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          notFoundContent={branch ? '该党组织没有有选举权和被选举权的正式党员' : '请先选择党组织'} />
      </Form.Item>
      <Form.Item name="reason" label="推荐理由">
        <Input.TextArea rows={2} maxLength={LIMITS.note} />
      </Form.Item>
    </>
  )
}

/** A constituency: its nominees, its votes and their counts. */
function UnitCard({ unit, reload }: { unit: UnitView; reload: () => void }) {
  const [nominating, setNominating] = useState(false)
  const [voting, setVoting] = useState(false)
  const open = unit.votes.some((v) => v.state === 'open')
  return (
    <div style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 12 }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{unit.orgName}</Typography.Text>
        <span>代表名额 {unit.quota} 名，{unit.methodName}</span>
        {unit.canNominate && <Button size="small" onClick={() => setNominating(true)}>推荐提名</Button>}
        {unit.canVote && !open && (unit.votes.length === 0 || unit.nextVote) && (
          <Button size="small" type="primary" onClick={() => setVoting(true)}>{unit.votes.length ? '再次投票' : '开始投票'}</Button>
        )}
      </Space>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={unit.nominations}
        locale={{ emptyText: '尚无提名：由所属党支部推荐提名代表候选人' }}
        columns={[
          { title: '被提名人', dataIndex: 'name', width: 120 },
          { title: '推荐单位', dataIndex: 'branchName' },
          { title: '推荐理由', dataIndex: 'reason', ellipsis: true },
          {
            title: '', width: 80,
            render: (_, n) => n.mine && unit.votes.length === 0 && (
              <Button size="small" type="link" onClick={() => Modal.confirm({ title: `撤回对${n.name}的提名？`, onOk: async () => { await withdrawNomination(n.id); reload() } })}>撤回</Button>
            ),
          },
        ]}
      />
      {unit.nextVote && <Typography.Paragraph type="warning" style={{ marginTop: 8 }}>{unit.nextVote}</Typography.Paragraph>}
      {unit.votes.length > 0 && <div style={{ marginTop: 8 }}><VoteList votes={unit.votes} canVote={unit.canVote} onClose={async (id) => { await closeUnitVote(id); reload() }} /></div>}
      {nominating && <NominateDialog unit={unit} onClose={() => setNominating(false)} onDone={reload} />}
      {voting && (
        <OpenVoteDialog title={`${unit.orgName}：开始投票`} load={() => unitRoll(unit.id)} open={(body) => openUnitVote(unit.id, body)}
          onClose={() => setVoting(false)} onOpened={reload} />
      )}
    </div>
  )
}

/** A congress in a drawer: its constituencies and the representatives elected, exported as a workbook. */
function CongressDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const client = useQueryClient()
  const canExport = useHasPermission([PERM.ddbxjExport])
  const g = useQuery({ queryKey: ['ddbxj', 'one', id], queryFn: () => congressDetail(id) })
  const reps = useQuery({ queryKey: ['ddbxj', 'one', id, 'reps'], queryFn: () => representatives(id) })
  const reload = () => void client.invalidateQueries({ queryKey: ['ddbxj'] })
  return (
    <Drawer open size={860} title={g.data?.title ?? '党代表选举'} onClose={onClose} destroyOnHidden>
      {!g.data ? (g.isError ? <Empty description="该党代表选举不存在或不在您的管理范围内" /> : <Spin />) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph style={{ margin: 0 }}>
            召开：{g.data.orgName}；提名截止：{g.data.nominateBy}；选举单位 {g.data.unitCount} 个，代表名额共 {g.data.quota} 名，已提名 {g.data.nominations} 人。{g.data.note}
          </Typography.Paragraph>
          {g.data.units.length ? g.data.units.map((u) => <UnitCard key={u.id} unit={u} reload={reload} />) : <Empty description="您的管理范围内没有本次选举的选举单位" />}
          <Space>
            <Typography.Text strong>当选代表（{reps.data?.length ?? 0} 名）</Typography.Text>
            {canExport && <Button size="small" onClick={() => void downloadFile(repsExportUrl(id), undefined, `${g.data?.title ?? '党代表选举'}当选代表名单.xlsx`)}>导出</Button>}
          </Space>
          <Table
            rowKey={(r) => `${r.unitName}:${r.name}`}
            size="small"
            pagination={false}
            dataSource={reps.data}
            locale={{ emptyText: '尚无当选代表：各选举单位投票计票后在此列出' }}
            columns={[
              { title: '选举单位', dataIndex: 'unitName' },
              { title: '姓名', dataIndex: 'name', width: 120, render: (n: string, r) => <>{n}{r.writeIn && <Tag style={{ marginLeft: 6 }}>另选他人</Tag>}</> },
              { title: '得票', dataIndex: 'votes', width: 80 },
              { title: '实到', dataIndex: 'present', width: 80 },
            ]}
          />
        </Space>
      )}
    </Drawer>
  )
}

/**
 * 党代表选举 (docs/election.md): the congresses the caller sees (convened in its scope, or with a constituency
 * reaching it); a congress's drawer (?id=) holds its constituencies, the branches' nominations, each
 * constituency's vote on phones and the representatives elected.
 */
export default function CongressPage() {
  const client = useQueryClient()
  const canAdd = useHasPermission([PERM.ddbxjAdd])
  const [params, setParams] = useSearchParams()
  const id = Number(params.get('id')) || undefined
  const [page, setPage] = useState(1)
  const [adding, setAdding] = useState(false)
  const q = useQuery({ queryKey: ['ddbxj', 'list', page], queryFn: () => listCongresses({ page: page - 1, size: 20 }), placeholderData: keepPreviousData })
  return (
    <div style={{ padding: 16 }}>
      {canAdd && <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setAdding(true)}>新增党代表选举</Button>}
      <Table<CongressView>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description="暂无党代表选举：组织部设置选举单位和代表名额后，各党支部推荐提名" /> }}
        columns={[
          { title: '选举名称', dataIndex: 'title', render: (t: string, r) => <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setParams({ id: String(r.id) })}>{t}</Button> },
          { title: '召开大会的党委', dataIndex: 'orgName', width: 200 },
          { title: '选举单位', dataIndex: 'unitCount', width: 90 },
          { title: '代表名额', dataIndex: 'quota', width: 90 },
          { title: '已提名', dataIndex: 'nominations', width: 90 },
          { title: '提名截止', dataIndex: 'nominateBy', width: 110 },
        ]}
      />
      {adding && <CongressDialog onClose={() => setAdding(false)} onCreated={(nid) => { void client.invalidateQueries({ queryKey: ['ddbxj'] }); setParams({ id: String(nid) }) }} />}
      {id && <CongressDrawer id={id} onClose={() => setParams({})} />}
    </div>
  )
}
