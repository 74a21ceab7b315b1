import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, DatePicker, Drawer, Empty, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { LIMITS, QUESTION_TYPE_NAMES, STATE, STATE_NAMES, type ExamInput, type ExamView, type QuestionStat, type Result, type State } from '@/api/generated/exam'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { failureText } from '@/api/request'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import TrailDrawer from '@/components/crud/TrailDrawer'
import { useHasPermission } from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { searchMembers } from '@/components/member/service'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { serverPager } from '@/components/pagerTotal'
import { formatTime } from '@/utils/time'
import { createExam, deleteExams, examAction, examinees, exportUrl, graders, listExams, listPapers, results, setExaminees, setGraders, stats, updateExam } from './api'

const MINUTE = 'YYYY-MM-DD HH:mm'
const STATE_COLOR: Record<State, string> = { 0: 'default', 1: 'processing', 2: 'success' }

interface ExamForm extends Omit<ExamInput, 'opensAt' | 'closesAt'> { window: [Dayjs, Dayjs] }

/** The exam's form: its paper, window, duration, attempts (the best counts), shuffling and pass mark. */
function ExamDialog({ exam, onClose, onDone }: { exam?: ExamView; onClose: () => void; onDone: () => void }) {
  const papers = useQuery({ queryKey: ['ks', 'papers', 'all'], queryFn: () => listPapers({ page: 0, size: 200 }) })
  const published = exam !== undefined && exam.state !== STATE.draft
  return (
    <FormDialog<ExamForm>
      title={exam ? '编辑考试' : '新建考试'}
      width={680}
      labelSpan={6}
      initialValues={exam ? { ...exam, window: [dayjs(exam.opensAt), dayjs(exam.closesAt)] } : { duration: 60, attempts: 1, shuffleQuestions: true, shuffleOptions: true }}
      onSubmit={(v) => {
        const body: ExamInput = { ...v, opensAt: v.window[0].toISOString(), closesAt: v.window[1].toISOString(), passMark: v.passMark ?? null }
        return exam ? updateExam(exam.id, body) : createExam(body)
      }}
      onClose={onClose}
      onDone={onDone}
      successText="考试已保存"
    >
      <Form.Item name="title" label="考试名称" rules={[{ required: true, whitespace: true, max: LIMITS.title, message: `请输入考试名称（不超过${LIMITS.title}个字）` }]}><Input /></Form.Item>
      <Form.Item name="orgId" label="党组织（党校）" rules={[{ required: true, message: '请选择党组织' }]}><OrgTreeSelect /></Form.Item>
      <Form.Item name="paperId" label="试卷" rules={[{ required: true, message: '请选择试卷' }]} extra={published ? '考试已发布，不能更换试卷或改变乱序设置' : undefined}>
        <Select disabled={published} loading={papers.isLoading} options={papers.data?.content.map((p) => ({ value: p.id, label: `${p.title}（${p.total}分）` }))} notFoundContent="暂无试卷，请先在“试卷”中组卷" />
      </Form.Item>
      <Form.Item name="window" label="考试时间" rules={[{ required: true, message: '请选择开始和截止时间' }]}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={MINUTE} />
      </Form.Item>
      <Form.Item name="duration" label="考试时长（分钟）" rules={[{ required: true, message: '请输入考试时长' }]}><InputNumber min={1} max={LIMITS.duration} /></Form.Item>
      <Form.Item name="attempts" label="允许作答次数" rules={[{ required: true, message: '请选择作答次数' }]} extra="多次作答时取最高分">
        <Select options={Array.from({ length: LIMITS.attempts }, (_, i) => ({ value: i + 1, label: `${i + 1} 次` }))} />
      </Form.Item>
      <Form.Item name="shuffleQuestions" label="试题乱序" valuePropName="checked"><Switch disabled={published} /></Form.Item>
      <Form.Item name="shuffleOptions" label="选项乱序" valuePropName="checked"><Switch disabled={published} /></Form.Item>
      <Form.Item name="passMark" label="及格分" extra="不填则按试卷的及格分"><InputNumber min={0} /></Form.Item>
    </FormDialog>
  )
}

/** Examinees or graders: members of the caller's scope with an account. */
function PeopleDialog({ exam, kind, onClose, onDone }: { exam: ExamView; kind: 'examinees' | 'graders'; onClose: () => void; onDone: () => void }) {
  const current = useQuery({
    queryKey: ['ks', kind, exam.id],
    queryFn: () => (kind === 'graders' ? graders(exam.id) : examinees(exam.id, 0, 100).then((p) => p.content)),
  })
  const [ids, setIds] = useState<number[]>([])
  const [add, setAdd] = useState(kind === 'examinees')
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    try {
      await (kind === 'graders' ? setGraders(exam.id, { memberIds: ids }) : setExaminees(exam.id, { memberIds: ids, add }))
      ui.message.success('已保存')
      onDone()
      onClose()
    } catch (e) {
      ui.message.error(await failureText(e))
    } finally {
      setBusy(false)
    }
  }
  const what = kind === 'graders' ? '阅卷人' : '考生'
  return (
    <Modal open title={`设置${what}：${exam.title}`} onCancel={onClose} onOk={() => void save()} confirmLoading={busy} okText="保存" cancelText="取消" width={640}>
      <Typography.Paragraph type="secondary">
        当前{what}：{current.data?.length ? current.data.map((p) => p.name).join('、') : '无'}{kind === 'examinees' && exam.examinees > 100 ? ` 等 ${exam.examinees} 人` : ''}。
        {kind === 'examinees' ? '选择的党员（须已开通账号）加入考生，或替换全部考生；培训班的学员由培训班设置。' : '保存后以选择的党员（须已开通账号）替换全部阅卷人。'}
      </Typography.Paragraph>
      {kind === 'examinees' && (
        <Radio.Group style={{ marginBottom: 8 }} value={add} onChange={(e) => setAdd(e.target.value as boolean)}
          options={[{ value: true, label: '加入考生' }, { value: false, label: '替换全部考生' }]} />
      )}
      <RemoteSelect multiple search={(text) => searchMembers(text)} value={ids} onChange={(v) => setIds((v as unknown as number[]) ?? [])} placeholder="输入姓名搜索党员" style={{ width: '100%' }} />
    </Modal>
  )
}

/** Results (paged, exported) and the statistics per question of an exam. */
function ResultsDrawer({ exam, onClose }: { exam: ExamView; onClose: () => void }) {
  const [page, setPage] = useState(1)
  const r = useQuery({ queryKey: ['ks', 'results', exam.id, page], queryFn: () => results(exam.id, page - 1, 20), placeholderData: keepPreviousData })
  const s = useQuery({ queryKey: ['ks', 'stats', exam.id], queryFn: () => stats(exam.id) })
  const canExport = useHasPermission([PERM.ksExport])
  const download = () => void downloadFile(exportUrl(exam.id), undefined, `${exam.title}-成绩.xlsx`).catch(() => ui.message.error('导出失败，请稍后重试'))
  return (
    <Drawer open width={Math.min(960, window.innerWidth)} title={`成绩与分析：${exam.title}`} onClose={onClose} extra={canExport && <Button onClick={download}>导出成绩</Button>}>
      <Tabs items={[
        { key: 'results', label: '成绩', children: (
          <Table<Result> rowKey="userId" size="small" loading={r.isFetching} dataSource={r.data?.content} pagination={serverPager(page, setPage, 20, r.data)}
            locale={{ emptyText: '暂无考生' }}
            columns={[
              { title: '姓名', dataIndex: 'name' },
              { title: '作答次数', dataIndex: 'attempts', width: 90 },
              { title: '成绩', width: 80, render: (_, x) => (x.score === null ? '缺考' : x.score) },
              { title: '结果', width: 100, render: (_, x) => (x.score === null ? '' : !x.graded ? <Tag color="orange">待阅卷</Tag> : x.passed ? <Tag color="green">及格</Tag> : <Tag color="red">不及格</Tag>) },
              { title: '用时', width: 90, render: (_, x) => (x.submitted ? `${Math.ceil(x.used / 60)} 分钟` : '') },
              { title: '交卷时间', width: 150, render: (_, x) => formatTime(x.submitted, MINUTE) },
            ]} />
        ) },
        { key: 'stats', label: '试题分析', children: (
          <>
            <Typography.Paragraph type="secondary">难度 = 平均得分 ÷ 分值（越高越容易）；区分度 = 总分前 27% 与后 27% 考生在该题的平均得分之差 ÷ 分值。</Typography.Paragraph>
            <Table<QuestionStat> rowKey="seq" size="small" loading={s.isFetching} dataSource={s.data} pagination={false}
              columns={[
                { title: '序号', dataIndex: 'seq', width: 60 },
                { title: '题型', width: 80, render: (_, x) => QUESTION_TYPE_NAMES[x.type] },
                { title: '题干', dataIndex: 'stem', ellipsis: true },
                { title: '分值', dataIndex: 'points', width: 60 },
                { title: '作答人数', dataIndex: 'answered', width: 90 },
                { title: '平均分', dataIndex: 'mean', width: 80 },
                { title: '难度', dataIndex: 'difficulty', width: 70 },
                { title: '区分度', dataIndex: 'discrimination', width: 80 },
              ]} />
          </>
        ) },
      ]} />
    </Drawer>
  )
}

/** 考试: the exams of the caller's scope, draft → published → finished. */
export default function Exams() {
  const client = useQueryClient()
  const can = { add: useHasPermission([PERM.ksAdd]), edit: useHasPermission([PERM.ksEdit]), del: useHasPermission([PERM.ksDel]) }
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<ExamView | null>()
  const [people, setPeople] = useState<{ exam: ExamView; kind: 'examinees' | 'graders' }>()
  const [viewing, setViewing] = useState<ExamView>()
  const [trailOf, setTrailOf] = useState<ExamView>()
  const q = useQuery({ queryKey: ['ks', 'exams', blurry, page], queryFn: () => listExams({ page: page - 1, size: 20, blurry: blurry || undefined }), placeholderData: keepPreviousData })
  const refresh = () => client.invalidateQueries({ queryKey: ['ks'] })
  const act = (x: ExamView, action: 'publish' | 'finish') =>
    ui.modal.confirm({
      title: action === 'publish' ? '发布考试' : '结束考试',
      content: action === 'publish' ? '发布后考生即可在时间窗内作答，试卷将被锁定不能修改。确定发布吗？' : '结束后未交卷的答卷按已保存的答案收卷。确定结束吗？',
      okText: '确定', cancelText: '取消',
      onOk: async () => { await examAction(x.id, action); ui.message.success(action === 'publish' ? '已发布' : '已结束'); await refresh() },
    })
  const remove = (x: ExamView) =>
    ui.modal.confirm({
      title: '删除考试', content: `确定删除“${x.title}”吗？删除后不能恢复。`, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
      onOk: async () => { await deleteExams([x.id]); ui.message.success('已删除'); await refresh() },
    })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search aria-label="考试名称" placeholder="考试名称" allowClear style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        {can.add && <Button type="primary" onClick={() => setEditing(null)}>新建考试</Button>}
      </Space>
      <Table<ExamView> rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data?.content} pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={blurry ? '没有符合条件的考试' : '暂无考试：先在“试卷”中组卷，再新建考试、设置考生并发布'} /> }}
        columns={[
          { title: '考试名称', dataIndex: 'title' },
          { title: '试卷', dataIndex: 'paperTitle', width: 160, ellipsis: true },
          { title: '考试时间', width: 240, render: (_, x) => `${formatTime(x.opensAt, MINUTE)} 至 ${formatTime(x.closesAt, MINUTE)}` },
          { title: '时长', width: 80, render: (_, x) => `${x.duration}分钟` },
          { title: '考生', dataIndex: 'examinees', width: 70 },
          { title: '状态', width: 90, render: (_, x) => <Tag color={STATE_COLOR[x.state]}>{STATE_NAMES[x.state]}</Tag> },
          { title: '操作', width: 400, render: (_, x) => (
            <Space size={0} wrap>
              {can.edit && x.state !== STATE.finished && <Button type="link" onClick={() => setEditing(x)}>编辑</Button>}
              {can.edit && x.state !== STATE.finished && <Button type="link" onClick={() => setPeople({ exam: x, kind: 'examinees' })}>考生</Button>}
              {can.edit && <Button type="link" onClick={() => setPeople({ exam: x, kind: 'graders' })}>阅卷人</Button>}
              {can.edit && x.state === STATE.draft && <Button type="link" onClick={() => act(x, 'publish')}>发布</Button>}
              {can.edit && x.state === STATE.published && dayjs().isAfter(x.closesAt) && <Button type="link" onClick={() => act(x, 'finish')}>结束</Button>}
              {x.state !== STATE.draft && <Button type="link" onClick={() => setViewing(x)}>成绩</Button>}
              <Button type="link" onClick={() => setTrailOf(x)}>变动轨迹</Button>
              {can.del && x.state === STATE.draft && <Button type="link" danger onClick={() => remove(x)}>删除</Button>}
            </Space>
          ) },
        ]} />
      {/* 修改记录: who created, edited, published, finished or deleted it, field by field. */}
      {trailOf && <TrailDrawer api="/api/ks/exam" id={trailOf.id} title={trailOf.title} canRestore={false} onClose={() => setTrailOf(undefined)} onRestored={() => void refresh()} />}
      {editing !== undefined && <ExamDialog exam={editing ?? undefined} onClose={() => setEditing(undefined)} onDone={() => void refresh()} />}
      {people && <PeopleDialog exam={people.exam} kind={people.kind} onClose={() => setPeople(undefined)} onDone={() => void refresh()} />}
      {viewing && <ResultsDrawer exam={viewing} onClose={() => setViewing(undefined)} />}
    </>
  )
}
