import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, DatePicker, Descriptions, Drawer, Empty, Form, Input, Select, Space, Table, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { Link } from 'react-router'
import { FORM_STATE_NAMES, FORM_STATES, MODE_NAMES, type FormDetail, type FormView } from '@/api/generated/fillform'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import AnswerFields from '../fill/AnswerFields'
import { deleteForm, formAction, formDetail, listForms, moveDeadline } from '../fill/api'
import { clock, FormTag } from '../fill/view'
import Editor from './Editor'
import { serverPager } from '@/components/pagerTotal'

/** Where a form's entries are followed up (the page 填报信息管理). */
export const entriesPath = (id: number) => `/orglife/txbdxx?form=${id}`

const STATUS_OPTIONS = FORM_STATES.map((s) => ({ value: s, label: FORM_STATE_NAMES[s] }))

/** A form as its addressees will see it, with whom it goes to. */
function Preview({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useQuery({ queryKey: ['txbd', 'form', id], queryFn: () => formDetail(id) })
  const d = q.data
  const audience = d ? (d.mode === 'subtree' ? `${d.rootName}${d.audience === 'members' ? '的全体党员' : '的全部党支部'}` : d.picked.map((p) => p.name).join('、')) : ''
  return (
    <Drawer open size={720} title={d ? `预览：${d.title}` : '预览'} onClose={onClose} loading={q.isLoading}>
      {d && (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}
            items={[
              { key: 'org', label: '发送单位', children: d.orgName },
              { key: 'deadline', label: '截止时间', children: clock(d.deadline) },
              { key: 'audience', label: `填报对象（${d.audienceName}，${MODE_NAMES[d.mode]}）`, span: 2, children: audience || '—' },
              { key: 'count', label: '填报对象数', span: 2,
                children: d.status === 'draft' ? (d.audienceProblem ? <Typography.Text type="danger">{d.audienceProblem}</Typography.Text> : `发布时将发送给 ${d.addressees} 个`) : `${d.total} 个` },
            ]} />
          {d.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{d.description}</Typography.Paragraph>}
          {d.fields.length === 0 ? <Empty description="表单尚未添加字段" /> : (
            <Form layout="vertical" disabled>
              <AnswerFields fields={d.fields} />
            </Form>
          )}
        </>
      )}
    </Drawer>
  )
}

/**
 * 填报表单管理 (docs/fillform.md): the forms the caller's organisations sent, designed as drafts, published to
 * branches or members, closed by hand or at their deadline; each form's entries are followed on 填报信息管理.
 */
export default function FillFormsPage() {
  const client = useQueryClient()
  const canAdd = useHasPermission([PERM.txbdAdd])
  const canEdit = useHasPermission([PERM.txbdEdit])
  const canDel = useHasPermission([PERM.txbdDel])
  const canPublish = useHasPermission([PERM.txbdPublish])
  const [status, setStatus] = useState<string | undefined>()
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<FormDetail | 'new' | null>(null)
  const [previewing, setPreviewing] = useState<number | null>(null)
  const [moving, setMoving] = useState<FormView | null>(null)
  const q = useQuery({
    queryKey: ['txbd', 'forms', status, blurry, page],
    queryFn: () => listForms({ page: page - 1, size: 20, status, blurry: blurry || undefined }),
    placeholderData: keepPreviousData,
  })
  const refresh = () => client.invalidateQueries({ queryKey: ['txbd'] })
  const confirm = (title: string, content: string, okText: string, run: () => Promise<unknown>, done: string, danger = false) =>
    ui.modal.confirm({ title, content, okText, cancelText: '取消', okButtonProps: danger ? { danger } : undefined,
      onOk: async () => { await run(); ui.message.success(done); await refresh() } })
  const edit = async (id: number) => setEditing(await formDetail(id))
  const publish = async (f: FormView) => {
    const d = await formDetail(f.id)
    if (d.audienceProblem) {
      ui.message.error(`不能发布：${d.audienceProblem}`)
      return
    }
    confirm('发布表单', `“${f.title}”将发送给 ${d.addressees} 个填报对象，发布后不能再修改字段和填报对象。确定发布吗？`, '发布', () => formAction(f.id, 'publish'), '表单已发布')
  }
  return (
    <div style={{ padding: 16 }}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 120 }} options={STATUS_OPTIONS} value={status} onChange={(v) => { setStatus(v); setPage(1) }} />
        <Input.Search aria-label="表单名称" placeholder="表单名称" allowClear style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        {canAdd && <Button type="primary" onClick={() => setEditing('new')}>新建表单</Button>}
      </Space>
      <Table<FormView>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={status || blurry ? '没有符合条件的表单' : '暂无填报表单：点击“新建表单”设计字段并发送给党支部或党员'} /> }}
        columns={[
          { title: '表单名称', dataIndex: 'title', render: (t: string, f) => <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => setPreviewing(f.id)}>{t}</Button> },
          { title: '发送单位', dataIndex: 'orgName', width: 160 },
          { title: '填报对象', dataIndex: 'audienceName', width: 90 },
          { title: '截止时间', width: 150, render: (_, f) => clock(f.deadline) },
          { title: '状态', width: 90, render: (_, f) => <FormTag status={f.status} /> },
          { title: '已提交/应填报', width: 120, render: (_, f) => (f.status === 'draft' ? '—' : `${f.submitted + f.passed}/${f.total}`) },
          {
            title: '操作',
            width: 300,
            render: (_, f) => (
              <Space size={0} wrap>
                {f.status === 'draft' && canEdit && <Button type="link" size="small" onClick={() => void edit(f.id)}>编辑</Button>}
                {f.status === 'draft' && canPublish && <Button type="link" size="small" onClick={() => void publish(f)}>发布</Button>}
                {f.status !== 'draft' && <Link to={entriesPath(f.id)}><Button type="link" size="small">填报情况</Button></Link>}
                {f.status === 'published' && canPublish && (
                  <Button type="link" size="small" onClick={() => confirm('结束填报', `结束后“${f.title}”不能再提交（已提交的可继续审核）。确定结束吗？`, '结束', () => formAction(f.id, 'close'), '填报已结束', true)}>结束填报</Button>
                )}
                {f.status !== 'draft' && canPublish && <Button type="link" size="small" onClick={() => setMoving(f)}>修改截止时间</Button>}
                {canAdd && (
                  <Button type="link" size="small" onClick={() => void formAction(f.id, 'copy').then((c) => { ui.message.success('已复制为新草稿'); void refresh(); setEditing(c) })}>复制</Button>
                )}
                {f.status === 'draft' && canDel && (
                  <Button type="link" size="small" danger onClick={() => confirm('删除表单', `确定删除草稿“${f.title}”吗？`, '删除', () => deleteForm(f.id), '表单已删除', true)}>删除</Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <Editor draft={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      )}
      {previewing && <Preview id={previewing} onClose={() => setPreviewing(null)} />}
      {moving && (
        <FormDialog<{ deadline: Dayjs }> title="修改截止时间" width={460} initialValues={{ deadline: dayjs(moving.deadline) }} successText="截止时间已修改"
          onSubmit={(v) => moveDeadline(moving.id, { deadline: v.deadline.second(0).millisecond(0).toISOString() })} onClose={() => setMoving(null)} onDone={() => void refresh()}>
          <p>延长后，已截止或已结束的表单重新开放填报；已提交的填报保持原状态。</p>
          <Form.Item name="deadline" label="截止时间" rules={[{ required: true, message: '请选择截止时间' }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </FormDialog>
      )}
    </div>
  )
}
