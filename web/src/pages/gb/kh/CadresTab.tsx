import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Empty, Form, Input, Modal, Radio, Space, Spin, Table, Tag } from 'antd'
import { useState } from 'react'
import { LIMITS, type RoundCadre, type RoundDetail } from '@/api/generated/cadreAssess'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { confirmDeleteOf } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { serverPager } from '@/components/pagerTotal'
import { searchUnits } from '@/components/unit/unit'
import { searchCadres } from '@/pages/gb/zsgl/api'
import { addCadres, cadreReport, removeCadres, roundCadres, saveReport } from './api'

/** 添加参评干部: every serving cadre of some units, or chosen cadres. */
function AddCadres({ round, onClose, onDone }: { round: RoundDetail; onClose: () => void; onDone: () => void }) {
  const [by, setBy] = useState<'units' | 'cadres'>('units')
  return (
    <FormDialog<{ unitIds?: number[]; cadreIds?: number[] }>
      title="添加参评干部"
      onClose={onClose}
      onDone={onDone}
      successText="已添加"
      onSubmit={async (v) => {
        const r = await addCadres(round.id, by === 'units' ? { unitIds: v.unitIds } : { cadreIds: v.cadreIds })
        ui.message.info(`添加了 ${r.added} 名干部（已在名单中的不重复添加）`)
      }}
    >
      <Form.Item label="添加方式">
        <Radio.Group value={by} onChange={(e) => setBy(e.target.value as 'units' | 'cadres')}
          options={[{ value: 'units', label: '按单位（单位的全部现任干部）' }, { value: 'cadres', label: '按干部' }]} />
      </Form.Item>
      {by === 'units' ? (
        <Form.Item name="unitIds" label="单位" rules={[{ required: true, message: '请选择单位' }]}>
          <RemoteSelect multiple search={searchUnits} placeholder="选择单位" emptyText="暂无单位" />
        </Form.Item>
      ) : (
        <Form.Item name="cadreIds" label="干部" rules={[{ required: true, message: '请选择干部' }]}>
          <RemoteSelect multiple search={searchCadres} placeholder="输入姓名搜索" emptyText="没有找到干部" />
        </Form.Item>
      )}
    </FormDialog>
  )
}

/** 述职报告 of one cadre: read, and edited while the round is in draft or evaluating. */
function ReportDialog({ round, row, editable, onClose, onSaved }: { round: RoundDetail; row: RoundCadre; editable: boolean; onClose: () => void; onSaved: () => void }) {
  const q = useQuery({ queryKey: ['gbkh', 'report', round.id, row.id], queryFn: () => cadreReport(round.id, row.id), gcTime: 0 })
  if (!q.data) return <Modal open title={`${row.name}的述职报告`} footer={null} onCancel={onClose}>{q.isError ? '述职报告加载失败，请稍后重试' : <Spin />}</Modal>
  if (!editable)
    return (
      <Modal open title={`${row.name}的述职报告`} footer={null} onCancel={onClose} width={720}>
        <div style={{ whiteSpace: 'pre-wrap' }}>{q.data.text || '未填写述职报告'}</div>
      </Modal>
    )
  return (
    <FormDialog<{ text: string }> title={`${row.name}的述职报告`} width={760} vertical initialValues={{ text: q.data.text }} onClose={onClose} onDone={onSaved}
      onSubmit={(v) => saveReport(round.id, row.id, { text: v.text })}>
      <Form.Item name="text" label="述职报告" extra="评价人员测评前可阅读">
        <Input.TextArea rows={16} maxLength={LIMITS.report} showCount />
      </Form.Item>
    </FormDialog>
  )
}

/** 参评干部: the round's cadres, paged; added by unit or by cadre and removed while draft; their 述职报告. */
export default function CadresTab({ round, onChanged }: { round: RoundDetail; onChanged: () => void }) {
  const mayAdd = useHasPermission([PERM.gbkhAdd])
  const draft = round.state === 'draft'
  const reportEditable = mayAdd && (draft || round.state === 'evaluating')
  const [page, setPage] = useState(1)
  const [blurry, setBlurry] = useState('')
  const [adding, setAdding] = useState(false)
  const [report, setReport] = useState<RoundCadre | null>(null)
  const q = useQuery({
    queryKey: ['gbkh', 'cadres', round.id, blurry, page],
    queryFn: () => roundCadres(round.id, { page: page - 1, size: 20, blurry: blurry || undefined }),
    placeholderData: keepPreviousData,
  })
  const remove = (c: RoundCadre) => void confirmDeleteOf(c.name, () => removeCadres(round.id, [c.id]), { kind: '参评干部' }).then((done) => done && onChanged())
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search aria-label="干部姓名" placeholder="干部姓名" allowClear style={{ width: 200 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        {mayAdd && draft && <Button type="primary" onClick={() => setAdding(true)}>添加干部</Button>}
      </Space>
      <Table<RoundCadre> rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={blurry ? '没有符合条件的干部' : draft ? '还没有参评干部：点击「添加干部」按单位或按人添加' : '本次考核没有参评干部'} /> }}
        columns={[
          { title: '干部', dataIndex: 'name', width: 110 },
          { title: '单位', dataIndex: 'unitName', width: 180, ellipsis: true },
          { title: '职务', dataIndex: 'post', ellipsis: true },
          { title: '述职报告', dataIndex: 'hasReport', width: 100, render: (h: boolean) => (h ? <Tag color="green">已填写</Tag> : <Tag>未填写</Tag>) },
          {
            title: '操作', key: 'op', width: 160,
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setReport(c)}>{reportEditable ? '编辑述职报告' : '述职报告'}</Button>
                {mayAdd && draft && <Button type="link" size="small" danger onClick={() => remove(c)}>移除</Button>}
              </Space>
            ),
          },
        ]} />
      {adding && <AddCadres round={round} onClose={() => setAdding(false)} onDone={onChanged} />}
      {report && <ReportDialog round={round} row={report} editable={reportEditable} onClose={() => setReport(null)} onSaved={onChanged} />}
    </>
  )
}
