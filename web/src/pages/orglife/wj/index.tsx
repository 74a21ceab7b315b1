import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { STATE, STATE_NAMES, type State, type View } from '@/api/generated/survey'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import { formatTime } from '@/utils/time'
import { deleteQuestionnaires, exportUrl, listQuestionnaires, publicUrl, stateAction } from './api'
import Designer from './Designer'
import PublishDialog from './PublishDialog'
import ResultsDrawer from './ResultsDrawer'
import { serverPager } from '@/components/pagerTotal'

const STATE_OPTIONS = (Object.keys(STATE_NAMES) as unknown as State[]).map((s) => ({ value: Number(s), label: STATE_NAMES[s] }))
const STATE_COLOR: Record<State, string> = { 0: 'default', 1: 'processing', 2: 'warning' }
const MINUTE = 'YYYY-MM-DD HH:mm'

/** Copies a questionnaire's public link. */
async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(publicUrl(link))
    ui.message.success('链接已复制，可发送给填写人')
  } catch {
    ui.modal.info({ title: '问卷链接', content: publicUrl(link) })
  }
}

/** A filter of a boolean column: its two answers by name, cleared for both. */
function YesNoSelect(p: { label: string; placeholder: string; no: string; yes: string; value?: boolean; onChange: (v?: boolean) => void }) {
  return (
    <Select
      aria-label={p.label}
      allowClear
      placeholder={p.placeholder}
      style={{ width: 120 }}
      options={[{ value: 0, label: p.no }, { value: 1, label: p.yes }]}
      value={p.value === undefined ? undefined : Number(p.value)}
      onChange={(v?: number) => p.onChange(v === undefined ? undefined : v === 1)}
    />
  )
}

/**
 * 问卷管理 (docs/survey.md): the questionnaires of the caller's scope; a draft is designed and published to its
 * audience, collects answers at its public link until stopped or past its deadline, and shows its results. The URL
 * keeps the questionnaire being edited (?edit=, new: 0) and the one whose results are open (?results=).
 */
export default function QuestionnairePage() {
  const client = useQueryClient()
  const [params, setParams] = useSearchParams()
  const can = {
    add: useHasPermission([PERM.wjAdd]),
    edit: useHasPermission([PERM.wjEdit]),
    del: useHasPermission([PERM.wjDel]),
    publish: useHasPermission([PERM.wjPublish]),
    stop: useHasPermission([PERM.wjStop]),
    result: useHasPermission([PERM.wjResult]),
    export: useHasPermission([PERM.wjExport]),
  }
  const [blurry, setBlurry] = useState('')
  const [state, setState] = useState<number | undefined>()
  const [anonymous, setAnonymous] = useState<boolean | undefined>()
  const [receipt, setReceipt] = useState<boolean | undefined>()
  const [page, setPage] = useState(1)
  const [publishing, setPublishing] = useState<View>()
  const filtered = blurry !== '' || state !== undefined || anonymous !== undefined || receipt !== undefined
  const q = useQuery({
    queryKey: ['wj', 'list', blurry, state, anonymous, receipt, page],
    queryFn: () => listQuestionnaires({ page: page - 1, size: 20, blurry: blurry || undefined, state, anonymous, receipt }),
    placeholderData: keepPreviousData,
  })
  const refresh = () => client.invalidateQueries({ queryKey: ['wj'] })
  const set = (key: string, value?: number) => {
    const p = new URLSearchParams(params)
    if (value === undefined) p.delete(key)
    else p.set(key, String(value))
    setParams(p)
  }
  const editing = params.get('edit')
  const resultsOf = Number(params.get('results')) || undefined
  const act = (v: View, action: 'stop' | 'reopen') =>
    ui.modal.confirm({
      title: action === 'stop' ? '停止收集' : '重新开始收集',
      content:
        action === 'stop'
          ? v.anonymous
            ? '停止后不能再填写，匿名问卷的投票随之结束，不能重新开始。确定停止吗？'
            : '停止后不能再填写，可以重新开始收集。确定停止吗？'
          : '重新开始后，发放范围内尚未填写的人员可以继续填写。确定重新开始吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await stateAction(v.id, action)
        ui.message.success(action === 'stop' ? '已停止收集' : '已重新开始收集')
        await refresh()
      },
    })
  const remove = (v: View) =>
    ui.modal.confirm({
      title: '删除问卷',
      content: `确定删除“${v.title}”吗？删除后不能恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteQuestionnaires([v.id])
        ui.message.success('已删除')
        await refresh()
      },
    })
  const download = (v: View) =>
    void downloadFile(exportUrl(v.id), undefined, `${v.title}-答卷.xlsx`).catch(() => ui.message.error('导出失败，请稍后重试'))
  return (
    <div style={{ padding: 16 }}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search aria-label="问卷标题" placeholder="问卷标题" allowClear style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 120 }} options={STATE_OPTIONS} value={state} onChange={(v) => { setState(v); setPage(1) }} />
        <YesNoSelect label="实名或匿名" placeholder="实名/匿名" no="实名" yes="匿名" value={anonymous} onChange={(v) => { setAnonymous(v); setPage(1) }} />
        <YesNoSelect label="问卷来源" placeholder="来源" no="问卷" yes="会议回执" value={receipt} onChange={(v) => { setReceipt(v); setPage(1) }} />
        {can.add && <Button type="primary" onClick={() => set('edit', 0)}>新建问卷</Button>}
      </Space>
      <Table<View>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={filtered ? '没有符合条件的问卷' : '暂无问卷：点击“新建问卷”设计题目，发布后把链接发给填写人'} /> }}
        columns={[
          { title: '问卷标题', dataIndex: 'title', render: (t: string, v) => <Space size={4} wrap>{t}{v.anonymous ? <Tag color="purple">匿名</Tag> : <Tag>实名</Tag>}{v.meetingId && <Tag color="blue">会议回执</Tag>}</Space> },
          { title: '发布党组织', dataIndex: 'orgName', width: 180 },
          { title: '发放范围', dataIndex: 'shareTypeName', width: 100 },
          { title: '状态', width: 110, render: (_, v) => <Space size={4}><Tag color={STATE_COLOR[v.state]}>{STATE_NAMES[v.state]}</Tag>{v.state === STATE.share && v.over && <Tag>已截止</Tag>}</Space> },
          { title: '截止时间', width: 150, render: (_, v) => (v.closesAt ? formatTime(v.closesAt, MINUTE) : '不限') },
          { title: '已填写/应填写', width: 120, render: (_, v) => (v.state === STATE.draft ? '—' : `${v.answered} / ${v.audience}`) },
          {
            title: '操作',
            width: 300,
            render: (_, v) => (
              <Space size={0} wrap>
                {v.state === STATE.draft && can.edit && <Button type="link" onClick={() => set('edit', v.id)}>编辑</Button>}
                {v.state === STATE.draft && can.publish && <Button type="link" onClick={() => setPublishing(v)}>发布</Button>}
                {v.state === STATE.share && v.link && <Button type="link" onClick={() => void copyLink(v.link)}>复制链接</Button>}
                {v.state === STATE.share && can.stop && <Button type="link" onClick={() => act(v, 'stop')}>停止</Button>}
                {v.state === STATE.stop && !v.anonymous && can.publish && <Button type="link" onClick={() => act(v, 'reopen')}>重新开始</Button>}
                {v.state !== STATE.draft && can.result && <Button type="link" onClick={() => set('results', v.id)}>结果</Button>}
                {v.state !== STATE.draft && can.export && <Button type="link" onClick={() => download(v)}>导出</Button>}
                {v.answered === 0 && !v.meetingId && can.del && <Button type="link" danger onClick={() => remove(v)}>删除</Button>}
              </Space>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        实名问卷随时可以查看结果；匿名问卷的答卷不记录填写人，停止收集或过了截止时间后才能查看结果和导出。会议回执在要求回执的会议结束时自动发给参会党员，随会议保留，也可以在会议的“回执”页查看。
      </Typography.Paragraph>
      {editing !== null && (
        <Designer id={Number(editing) || undefined} onClose={() => set('edit')} onSaved={() => void refresh()} />
      )}
      {publishing && <PublishDialog questionnaire={publishing} onClose={() => setPublishing(undefined)} onPublished={() => void refresh()} />}
      {resultsOf && <ResultsDrawer id={resultsOf} onClose={() => set('results')} />}
    </div>
  )
}
