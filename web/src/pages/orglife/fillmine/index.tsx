import { ArrowLeftOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Form, List, Space, Spin, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { ENTRY_STATES, type EntryDetail, type EntryView } from '@/api/generated/fillform'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import ChangeTrail from '@/components/trail/ChangeTrail'
import { withFieldErrors } from '@/components/useFormSubmit'
import AnswerFields from '../fill/AnswerFields'
import { toAnswers, toFormValues, type FormValue } from '../fill/answers'
import { listMine, myEntry, myFiles, myTrail, saveEntry, submitEntry } from '../fill/api'
import { clock, EntryTag } from '../fill/view'

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** One entry: the form to fill while it may be written (before the deadline, not submitted), else what was handed in. */
function Filling({ entry, onBack }: { entry: EntryDetail; onBack: () => void }) {
  const client = useQueryClient()
  const [form] = Form.useForm<Record<string, FormValue>>()
  const [busy, setBusy] = useState<'' | 'save' | 'submit'>('')
  const writable = entry.writable
  const send = async (how: 'save' | 'submit') => {
    const body = { answers: toAnswers(entry.fields, form.getFieldsValue()), updateTime: entry.updateTime }
    setBusy(how)
    try {
      await withFieldErrors(form, () => (how === 'save' ? saveEntry(entry.id, body) : submitEntry(entry.id, body)))
      ui.message.success(how === 'save' ? '草稿已保存' : '填报已提交')
      await client.invalidateQueries({ queryKey: ['txbd', 'mine'] })
    } catch {
      /* shown on the field or by the request pipeline */
    } finally {
      setBusy('')
    }
  }
  const confirmSubmit = async () => {
    try {
      await form.validateFields()
    } catch {
      return // the fields say what is missing
    }
    ui.modal.confirm({ title: '提交填报', content: '提交后不能再修改，除非被退回。确定提交吗？', okText: '提交', cancelText: '取消', onOk: () => send('submit') })
  }
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>返回</Button>
        <Typography.Title level={4} style={{ margin: 0 }}>{entry.formTitle}</Typography.Title>
        <EntryTag state={entry.state} />
      </Space>
      <Typography.Paragraph type="secondary">
        {entry.audience === 'orgs' ? `代表${entry.name}填报` : `${entry.name}本人填报`} · 截止时间 {clock(entry.deadline)}
        {entry.submittedAt && ` · 提交于 ${clock(entry.submittedAt)}`}
      </Typography.Paragraph>
      {entry.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{entry.description}</Typography.Paragraph>}
      {entry.state === ENTRY_STATES.returned && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`填报被退回：${entry.comment}`} description="请修改后重新提交。" />}
      {entry.state === ENTRY_STATES.passed && <Alert type="success" showIcon style={{ marginBottom: 12 }} title={`审核通过${entry.comment ? `：${entry.comment}` : ''}`} />}
      {!writable && entry.formStatus === 'closed' && entry.state !== ENTRY_STATES.submitted && entry.state !== ENTRY_STATES.passed && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title="填报已截止，不能再填写或提交" />
      )}
      <Tabs items={[
        {
          key: 'form',
          label: '填报内容',
          children: (
            <Form form={form} layout="vertical" initialValues={toFormValues(entry.fields, entry.answers)} disabled={!writable} autoComplete="off">
              <AnswerFields fields={entry.fields} filesApi={myFiles(entry.id)} readOnly={!writable} />
              {writable && (
                <Space>
                  <Button loading={busy === 'save'} disabled={busy !== ''} onClick={() => void send('save')}>保存草稿</Button>
                  <Button type="primary" loading={busy === 'submit'} disabled={busy !== ''} onClick={() => void confirmSubmit()}>提交</Button>
                </Space>
              )}
            </Form>
          ),
        },
        { key: 'trail', label: '填报记录', children: <ChangeTrail queryKey={['txbd', 'mine', 'trail', entry.id]} fetch={(page, size) => myTrail(entry.id, page, size)} /> },
      ]} />
    </>
  )
}

/** The entry of ?entry=, read fresh. */
function EntryPage({ id, onBack }: { id: number; onBack: () => void }) {
  const q = useQuery({ queryKey: ['txbd', 'mine', 'entry', id], queryFn: () => myEntry(id) })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (q.isError || !q.data) return <Alert type="error" showIcon title="填报记录不存在或不是您的填报" action={<Button onClick={onBack}>返回</Button>} />
  return <Filling key={q.data.updateTime} entry={q.data} onBack={onBack} />
}

/** The caller's entries: still to submit first (tab 待填报), or all. */
function MyList({ onOpen }: { onOpen: (id: number) => void }) {
  const [tab, setTab] = useState<'todo' | 'all'>('todo')
  const [page, setPage] = useState(1)
  const q = useQuery({
    queryKey: ['txbd', 'mine', tab, page],
    queryFn: () => listMine({ page: page - 1, size: 10, ...(tab === 'todo' ? { todo: true } : {}) }),
    placeholderData: keepPreviousData,
  })
  return (
    <Card variant="borderless">
      <Tabs activeKey={tab} onChange={(k) => { setTab(k as 'todo' | 'all'); setPage(1) }} items={[{ key: 'todo', label: '待填报' }, { key: 'all', label: '全部' }]} />
      <List<EntryView>
        loading={q.isFetching}
        dataSource={q.data?.content}
        locale={{ emptyText: <Empty description={tab === 'todo' ? '暂无待填报的表单：组织部或二级党委发布填报后会在这里出现' : '暂无发给您或您所在党支部的填报表单'} /> }}
        pagination={q.data && q.data.totalElements > 10 ? { current: page, pageSize: 10, total: q.data.totalElements, onChange: setPage } : false}
        renderItem={(e) => (
          <List.Item key={e.id} actions={[<Button key="open" type="link" onClick={() => onOpen(e.id)}>{e.writable ? '填报' : '查看'}</Button>]}>
            <List.Item.Meta title={<Space wrap>{e.formTitle}<EntryTag state={e.state} /></Space>}
              description={`${e.audience === 'orgs' ? `代表${e.name}` : e.name} · 截止 ${clock(e.deadline)}${e.formStatus === 'closed' ? '（已截止）' : ''}`} />
          </List.Item>
        )}
      />
    </Card>
  )
}

/**
 * 我的填报 (docs/fillform.md): the forms sent to the signed-in member, or to the branch they are the secretary of;
 * a draft is saved any time before the deadline, a submission is checked field by field. The URL keeps the entry
 * (?entry=: the link of the to-do, the reminder and the messages).
 */
export default function MyFormsPage() {
  const allowed = useHasPermission([PERM.txbdFill])
  const [params, setParams] = useSearchParams()
  const entryId = positive(params.get('entry'))
  if (!allowed) return <div className="member-page"><Alert type="info" showIcon title="您的账号没有“我的填报”的权限，请联系管理员" /></div>
  return (
    <div className="member-page" style={{ padding: 16 }}>
      {entryId ? <EntryPage id={entryId} onBack={() => setParams({})} /> : <MyList onOpen={(id) => setParams({ entry: String(id) })} />}
    </div>
  )
}
