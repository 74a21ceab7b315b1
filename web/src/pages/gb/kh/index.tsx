import { Button, DatePicker, Form, Input, InputNumber, type TableColumnsType } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { LIMITS, STATE_NAMES, STATES, type Round } from '@/api/generated/cadreAssess'
import { PERM } from '@/api/permissions'
import { actionColumn, CrudTable, getFetcher, RowActions, useCrud } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import Permission, { useHasPermission } from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { formatTime } from '@/utils/time'
import { searchSchemes } from '../khfa/api'
import { createRound, deleteRounds, ROUNDS } from './api'
import RoundDrawer, { StateTag } from './RoundDrawer'

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

interface NewRound { name: string; year: number; schemeId: number; closesAt?: Dayjs }

/** 新建考核: a draft round on a scheme's current version. */
function NewRoundDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (r: Round) => void }) {
  return (
    <FormDialog<NewRound>
      title="新建考核"
      initialValues={{ year: dayjs().year() }}
      onClose={onClose}
      successText="已新建考核，请添加参评干部和评价人员"
      onSubmit={async (v) => onCreated(await createRound({ name: v.name.trim(), year: v.year, schemeId: v.schemeId, closesAt: v.closesAt ? v.closesAt.toISOString() : null }))}
    >
      <Form.Item name="name" label="考核名称" rules={[{ required: true, whitespace: true, message: '请输入考核名称' }]}>
        <Input maxLength={LIMITS.name} placeholder="如 2026 年度中层干部考核" />
      </Form.Item>
      <Form.Item name="year" label="年度" rules={[{ required: true, message: '请输入年度' }]}>
        <InputNumber min={2000} max={2100} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="schemeId" label="考核方案" rules={[{ required: true, message: '请选择考核方案' }]} extra="考核使用方案的当前版本，方案以后修改不影响本次考核">
        <RemoteSelect search={searchSchemes} placeholder="选择考核方案" emptyText="暂无考核方案，请先在「考核方案」中新增" />
      </Form.Item>
      <Form.Item name="closesAt" label="截止时间" extra="不填则由组织者结束测评">
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
    </FormDialog>
  )
}

/**
 * 干部考核 (docs/assess.md): the rounds — a year's assessment of cadres on a scheme: the cadres and their 述职报告,
 * the evaluators, the ballots on the engine, the scores and grades. A round's drawer opens at ?id=.
 */
export default function AssessmentPage() {
  const crud = useCrud<Round>({ key: 'gbkhRound', fetch: getFetcher<Round>(ROUNDS) })
  const [params, setParams] = useSearchParams()
  const id = positive(params.get('id'))
  const open = (next?: number) => setParams(next ? { id: String(next) } : {})
  const [adding, setAdding] = useState(false)
  const mayAdd = useHasPermission([PERM.gbkhAdd])
  const year = dayjs().year()
  const columns: TableColumnsType<Round> = [
    { title: '考核名称', dataIndex: 'name', key: 'name', width: 240, ellipsis: true, render: (t: string, r) => <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => open(r.id)}>{t}</Button> },
    { title: '年度', dataIndex: 'year', key: 'year', width: 80 },
    { title: '考核方案', key: 'scheme', width: 220, ellipsis: true, render: (_: unknown, r) => `${r.schemeName}（第 ${r.schemeVersion} 版）` },
    { title: '状态', dataIndex: 'state', key: 'state', width: 90, render: (_: unknown, r) => <StateTag state={r.state} /> },
    { title: '参评干部', dataIndex: 'cadres', key: 'cadres', width: 90 },
    { title: '测评', key: 'turnout', width: 100, render: (_: unknown, r) => (r.issued ? `${r.cast}/${r.issued}` : '—') },
    { title: '截止时间', dataIndex: 'closesAt', key: 'closesAt', width: 150, render: (t: string | null) => (t ? formatTime(t, 'YYYY-MM-DD HH:mm') : '—') },
    actionColumn<Round>((r) => <RowActions actions={[{ key: 'view', label: '查看', onClick: () => open(r.id) }]} />, 80),
  ]
  return (
    <>
      <CrudTable<Round>
        crud={crud}
        columns={columns}
        columnsKey="gb.kh"
        emptyText="暂无干部考核，点击「新建考核」开始"
        searchFields={[
          { name: 'blurry', label: '考核名称', placeholder: '考核名称' },
          { name: 'year', label: '年度', type: 'select', options: Array.from({ length: 7 }, (_, i) => year + 1 - i).map((y) => ({ value: y, label: `${y} 年` })) },
          { name: 'state', label: '状态', type: 'select', options: STATES.map((s) => ({ value: s, label: STATE_NAMES[s] })) },
        ]}
        toolbar={
          <Permission need={[PERM.gbkhAdd]}>
            <Button type="primary" onClick={() => setAdding(true)}>新建考核</Button>
          </Permission>
        }
        onDelete={mayAdd ? deleteRounds : undefined}
        nameOf={(r) => r.name}
        noun="干部考核"
      />
      {adding && <NewRoundDialog onClose={() => setAdding(false)} onCreated={(r) => { crud.reload(); open(r.id) }} />}
      {id && <RoundDrawer id={id} onClose={() => open()} onChanged={crud.reload} />}
    </>
  )
}
