import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Drawer, Empty, Form, Input, InputNumber, Radio, Select, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import {
  DIFFICULTY_NAMES, LIMITS, MODE, MODE_NAMES, QUESTION_TYPE_NAMES, QUESTION_TYPES, type BankRow, type Mode, type PaperDetail,
  type PaperInput, type PaperQuestion, type PaperRule, type PaperView, type QuestionType,
} from '@/api/generated/exam'
import { PERM } from '@/api/permissions'
import { failureText } from '@/api/request'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import TrailDrawer from '@/components/crud/TrailDrawer'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { serverPager } from '@/components/pagerTotal'
import { bank, createPaper, deletePapers, listPapers, paper, previewPaper, updatePaper } from './api'

const TYPE_OPTIONS = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_NAMES[t] }))
const DIFFICULTY_OPTIONS = [{ value: 0, label: '不限难度' }, ...Object.entries(DIFFICULTY_NAMES).map(([v, l]) => ({ value: Number(v), label: l }))]

interface Picked { questionId: number; type: QuestionType; stem: string; points: number }

/** The questions of a paper, as the editor and the preview show them. */
export function QuestionTable({ questions }: { questions: PaperQuestion[] }) {
  return (
    <Table<PaperQuestion> rowKey="seq" size="small" pagination={false} dataSource={questions}
      columns={[
        { title: '序号', dataIndex: 'seq', width: 60 },
        { title: '题型', width: 80, render: (_, q) => QUESTION_TYPE_NAMES[q.type] },
        { title: '题干', dataIndex: 'stem', ellipsis: true },
        { title: '答案', dataIndex: 'answer', width: 140, ellipsis: true },
        { title: '分值', dataIndex: 'points', width: 60 },
      ]} />
  )
}

/** The bank's questions a paper of orgId may use (its school's and those above), paged; 加入 picks one. */
function BankPicker({ orgId, picked, onPick }: { orgId: number; picked: Picked[]; onPick: (r: BankRow) => void }) {
  const [type, setType] = useState<number>()
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(1)
  const q = useQuery({ queryKey: ['ks', 'bank', orgId, type, blurry, page], queryFn: () => bank({ orgId, page: page - 1, size: 10, type, blurry: blurry || undefined }), placeholderData: keepPreviousData })
  return (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        <Select aria-label="题型" allowClear placeholder="题型" style={{ width: 110 }} options={TYPE_OPTIONS} value={type} onChange={(v) => { setType(v); setPage(1) }} />
        <Input.Search aria-label="题干" placeholder="题干关键字" allowClear style={{ width: 200 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
      </Space>
      <Table<BankRow> rowKey="id" size="small" loading={q.isFetching} dataSource={q.data?.content} pagination={serverPager(page, setPage, 10, q.data)}
        locale={{ emptyText: <Empty description="题库中没有符合条件的已启用题目（本党校及上级党校的题库）" /> }}
        columns={[
          { title: '题型', width: 80, render: (_, r) => QUESTION_TYPE_NAMES[r.type] },
          { title: '题干', dataIndex: 'stem', ellipsis: true },
          { title: '难度', width: 70, render: (_, r) => DIFFICULTY_NAMES[r.difficulty] },
          { title: '', width: 70, render: (_, r) => <Button type="link" disabled={picked.some((p) => p.questionId === r.id)} onClick={() => onPick(r)}>加入</Button> },
        ]} />
    </>
  )
}

interface Head { title: string; orgId?: number; mode: Mode; passMark: number }

/** The paper editor: fixed picks from the bank with points each, or random rules with a preview and the seed kept. */
function PaperEditor({ id, onClose, onSaved }: { id?: number; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Head>()
  const [picked, setPicked] = useState<Picked[]>([])
  const [rules, setRules] = useState<PaperRule[]>([{ type: 0, tag: '', difficulty: 0, count: 5, points: 2 }])
  const [seed, setSeed] = useState('')
  const [preview, setPreview] = useState<PaperDetail>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const mode = Form.useWatch('mode', form) ?? MODE.fixed
  const orgId = Form.useWatch('orgId', form)
  const loaded = useQuery({
    queryKey: ['ks', 'paper', id],
    enabled: Boolean(id),
    queryFn: async () => {
      const p = await paper(id!)
      form.setFieldsValue({ title: p.title, orgId: p.orgId, mode: p.mode, passMark: p.passMark })
      setPicked(p.questions.map((q) => ({ questionId: q.questionId, type: q.type, stem: q.stem, points: q.points })))
      if (p.rules.length) setRules(p.rules)
      setSeed(p.mode === MODE.random ? p.seed : '')
      return p
    },
  })
  const input = (head: Head): PaperInput => ({
    title: head.title, orgId: head.orgId ?? 0, mode: head.mode, passMark: head.passMark ?? 0,
    ...(head.mode === MODE.fixed ? { picks: picked.map((p) => ({ questionId: p.questionId, points: p.points })) } : { rules, seed }),
  })
  const run = async (fn: (head: Head) => Promise<unknown>) => {
    setError(undefined)
    setBusy(true)
    try {
      await fn(await form.validateFields())
    } catch (e) {
      if (e && typeof e === 'object' && 'errorFields' in e) return
      setError(await failureText(e))
    } finally {
      setBusy(false)
    }
  }
  const save = () => run(async (head) => {
    await (id ? updatePaper(id, input(head)) : createPaper(input(head)))
    ui.message.success('试卷已保存')
    onSaved()
    onClose()
  })
  const draw = (fresh: boolean) => run(async (head) => {
    const p = await previewPaper({ ...input(head), seed: fresh ? '' : seed })
    setSeed(p.seed)
    setPreview(p)
  })
  const total = mode === MODE.fixed ? picked.reduce((s, p) => s + p.points, 0) : rules.reduce((s, r) => s + r.count * r.points, 0)
  const setRule = (i: number, change: Partial<PaperRule>) => setRules(rules.map((r, j) => (j === i ? { ...r, ...change } : r)))
  return (
    <Drawer open width={Math.min(960, window.innerWidth)} title={id ? '编辑试卷' : '新建试卷'} onClose={onClose} loading={loaded.isLoading}
      extra={<Space><Button onClick={onClose}>取消</Button><Button type="primary" loading={busy} onClick={() => void save()}>保存</Button></Space>}>
      {loaded.data?.locked && <Alert type="warning" showIcon title="试卷已被已发布的考试使用，不能再修改" style={{ marginBottom: 12 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={{ mode: MODE.fixed, passMark: 60 }}>
        <Space wrap align="start">
          <Form.Item name="title" label="试卷名称" rules={[{ required: true, whitespace: true, max: LIMITS.title, message: `请输入试卷名称（不超过${LIMITS.title}个字）` }]}>
            <Input style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="orgId" label="党组织（党校）" rules={[{ required: true, message: '请选择党组织' }]}>
            <OrgTreeSelect style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="mode" label="组卷方式">
            <Radio.Group options={[MODE.fixed, MODE.random].map((m) => ({ value: m, label: MODE_NAMES[m as Mode] }))} />
          </Form.Item>
          <Form.Item name="passMark" label={`及格分（总分 ${total}）`} rules={[{ required: true, message: '请输入及格分' }]}>
            <InputNumber min={0} max={Math.max(total, 0)} />
          </Form.Item>
        </Space>
      </Form>
      {mode === MODE.fixed ? (
        <>
          <Typography.Title level={5}>已选题目（{picked.length} 题，{total} 分）</Typography.Title>
          <Table<Picked> rowKey="questionId" size="small" pagination={false} dataSource={picked} locale={{ emptyText: '尚未选题：从下方题库中加入' }}
            columns={[
              { title: '序号', width: 60, render: (_, __, i) => i + 1 },
              { title: '题型', width: 80, render: (_, p) => QUESTION_TYPE_NAMES[p.type] },
              { title: '题干', dataIndex: 'stem', ellipsis: true },
              { title: '分值', width: 110, render: (_, p) => <InputNumber aria-label="分值" min={1} max={LIMITS.points} value={p.points} onChange={(v) => setPicked(picked.map((x) => (x.questionId === p.questionId ? { ...x, points: v ?? 1 } : x)))} /> },
              { title: '', width: 70, render: (_, p) => <Button type="link" danger onClick={() => setPicked(picked.filter((x) => x.questionId !== p.questionId))}>移除</Button> },
            ]} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>题库</Typography.Title>
          {orgId ? <BankPicker orgId={orgId} picked={picked} onPick={(r) => setPicked([...picked, { questionId: r.id, type: r.type, stem: r.stem, points: 2 }])} /> : <Empty description="请先选择党组织：可从本党校及上级党校的题库选题" />}
        </>
      ) : (
        <>
          <Typography.Title level={5}>抽题规则（{rules.reduce((s, r) => s + r.count, 0)} 题，{total} 分）</Typography.Title>
          {rules.map((r, i) => (
            <Space key={i} wrap style={{ marginBottom: 8 }}>
              <Select aria-label="题型" style={{ width: 100 }} options={TYPE_OPTIONS} value={r.type} onChange={(v) => setRule(i, { type: v })} />
              <Input aria-label="知识点" placeholder="知识点（可不填）" style={{ width: 150 }} maxLength={30} value={r.tag} onChange={(e) => setRule(i, { tag: e.target.value })} />
              <Select aria-label="难度" style={{ width: 110 }} options={DIFFICULTY_OPTIONS} value={r.difficulty} onChange={(v) => setRule(i, { difficulty: v })} />
              <InputNumber aria-label="题数" suffix="题" style={{ width: 100 }} min={1} max={LIMITS.questions} value={r.count} onChange={(v) => setRule(i, { count: v ?? 1 })} />
              <InputNumber aria-label="每题分值" suffix="分/题" style={{ width: 110 }} min={1} max={LIMITS.points} value={r.points} onChange={(v) => setRule(i, { points: v ?? 1 })} />
              <Button type="link" danger disabled={rules.length === 1} onClick={() => setRules(rules.filter((_, j) => j !== i))}>删除</Button>
            </Space>
          ))}
          <Space wrap>
            <Button disabled={rules.length >= LIMITS.rules} onClick={() => setRules([...rules, { type: 0, tag: '', difficulty: 0, count: 5, points: 2 }])}>添加规则</Button>
            <Button loading={busy} onClick={() => void draw(true)}>重新抽题预览</Button>
            {seed && <Button loading={busy} onClick={() => void draw(false)}>按当前种子预览</Button>}
            {seed && <Typography.Text type="secondary">随机种子 {seed}：保存后按此种子抽题，同一种子总能复现同一份试卷</Typography.Text>}
          </Space>
          {preview && <div style={{ marginTop: 12 }}><QuestionTable questions={preview.questions} /></div>}
        </>
      )}
    </Drawer>
  )
}

/** 试卷: the papers of the caller's scope. */
export default function Papers() {
  const client = useQueryClient()
  const can = { add: useHasPermission([PERM.ksAdd]), edit: useHasPermission([PERM.ksEdit]), del: useHasPermission([PERM.ksDel]) }
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<number>()
  const [viewing, setViewing] = useState<number>()
  const [trailOf, setTrailOf] = useState<PaperView>()
  const q = useQuery({ queryKey: ['ks', 'papers', blurry, page], queryFn: () => listPapers({ page: page - 1, size: 20, blurry: blurry || undefined }), placeholderData: keepPreviousData })
  const detail = useQuery({ queryKey: ['ks', 'paper', viewing], enabled: Boolean(viewing), queryFn: () => paper(viewing!) })
  const refresh = () => client.invalidateQueries({ queryKey: ['ks'] })
  const remove = (p: PaperView) =>
    ui.modal.confirm({
      title: '删除试卷', content: `确定删除“${p.title}”吗？删除后不能恢复。`, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
      onOk: async () => { await deletePapers([p.id]); ui.message.success('已删除'); await refresh() },
    })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search aria-label="试卷名称" placeholder="试卷名称" allowClear style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        {can.add && <Button type="primary" onClick={() => setEditing(0)}>新建试卷</Button>}
      </Space>
      <Table<PaperView> rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data?.content} pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={blurry ? '没有符合条件的试卷' : '暂无试卷：点击“新建试卷”从题库选题或按规则随机组卷'} /> }}
        columns={[
          { title: '试卷名称', dataIndex: 'title', render: (t: string, p) => <Space size={4}>{t}{p.locked && <Tag>已用于发布的考试</Tag>}</Space> },
          { title: '党组织', dataIndex: 'orgName', width: 180 },
          { title: '组卷方式', width: 100, render: (_, p) => MODE_NAMES[p.mode] },
          { title: '题数', dataIndex: 'questionCount', width: 70 },
          { title: '总分/及格', width: 100, render: (_, p) => `${p.total} / ${p.passMark}` },
          { title: '操作', width: 280, render: (_, p) => (
            <Space size={0}>
              <Button type="link" onClick={() => setViewing(p.id)}>查看</Button>
              <Button type="link" onClick={() => setTrailOf(p)}>变动轨迹</Button>
              {can.edit && !p.locked && <Button type="link" onClick={() => setEditing(p.id)}>编辑</Button>}
              {can.del && !p.locked && <Button type="link" danger onClick={() => remove(p)}>删除</Button>}
            </Space>
          ) },
        ]} />
      {/* 修改记录: who created, recomposed or deleted it, field by field; a paper is recomposed, not restored. */}
      {trailOf && <TrailDrawer api="/api/ks/paper" id={trailOf.id} title={trailOf.title} canRestore={false} onClose={() => setTrailOf(undefined)} onRestored={() => void refresh()} />}
      {editing !== undefined && <PaperEditor id={editing || undefined} onClose={() => setEditing(undefined)} onSaved={() => void refresh()} />}
      {viewing && (
        <Drawer open width={Math.min(900, window.innerWidth)} title={detail.data?.title ?? '试卷'} onClose={() => setViewing(undefined)} loading={detail.isLoading}>
          {detail.data && <QuestionTable questions={detail.data.questions} />}
        </Drawer>
      )}
    </>
  )
}
