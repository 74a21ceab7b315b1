import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Drawer, Empty, Form, Input, InputNumber, Select, Space, Table, Tag, Typography, Upload } from 'antd'
import { useState } from 'react'
import {
  COVER_EXTS, DOCUMENT_EXTS, KIND, LIMITS, NODE_TYPE, NODE_TYPE_NAMES, NODE_TYPES, STATE, STATE_NAMES, VIDEO_EXTS,
  type ChapterView, type Detail, type NodeType, type NodeView, type State, type View,
} from '@/api/generated/course'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import TrailDrawer from '@/components/crud/TrailDrawer'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import RichTextEditor from '@/components/RichTextEditor'
import { serverPager } from '@/components/pagerTotal'
import {
  API, addItem, courseDetail, createCourse, deleteCourses, deleteItem, listCourses, moveItem, setPublished, updateCourse, updateItem,
  uploadCover, uploadNodeFile, videoDuration,
} from './api'

const STATE_OPTIONS = (Object.keys(STATE_NAMES) as unknown as State[]).map((s) => ({ value: Number(s), label: STATE_NAMES[s] }))
const TYPE_OPTIONS = NODE_TYPES.map((t) => ({ value: t, label: NODE_TYPE_NAMES[t] }))

/** Minutes and seconds of a duration, for the tree. */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return `${m}:${String(s).padStart(2, '0')}`
}

/**
 * 课程管理: the courses of the caller's scope (the 组织部's and the 二级党委's party schools). A course is drafted, built
 * of chapters holding nodes (视频, 文档, 图文) with their 学时, and published to the learners' study centre; a course
 * someone was credited study of cannot be deleted (unpublish it instead).
 */
export default function CoursePage() {
  const client = useQueryClient()
  const can = { add: useHasPermission([PERM.kcAdd]), edit: useHasPermission([PERM.kcEdit]), del: useHasPermission([PERM.kcDel]) }
  const [blurry, setBlurry] = useState('')
  const [state, setState] = useState<number | undefined>()
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<number | 'new'>()
  const [trailOf, setTrailOf] = useState<View>()
  const filtered = blurry !== '' || state !== undefined
  const q = useQuery({
    queryKey: ['kc', 'list', blurry, state, page],
    queryFn: () => listCourses({ page: page - 1, size: 20, blurry: blurry || undefined, state }),
    placeholderData: keepPreviousData,
  })
  const refresh = () => client.invalidateQueries({ queryKey: ['kc'] })
  const publish = (v: View, on: boolean) =>
    ui.modal.confirm({
      title: on ? '发布课程' : '取消发布',
      content: on ? `发布后学员即可在学习中心学习“${v.title}”。确定发布吗？` : `取消发布后学员不能再学习“${v.title}”，已获得的学时保留。确定取消发布吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await setPublished(v.id, on)
        ui.message.success(on ? '已发布' : '已取消发布')
        await refresh()
      },
    })
  const remove = (v: View) =>
    ui.modal.confirm({
      title: '删除课程',
      content: `确定删除“${v.title}”及其全部章节和课件吗？删除后不能恢复；已有学员获得学时的课程不能删除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteCourses([v.id])
        ui.message.success('已删除')
        await refresh()
      },
    })
  return (
    <div style={{ padding: 16 }}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search aria-label="课程名称" placeholder="课程名称" allowClear style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 120 }} options={STATE_OPTIONS} value={state} onChange={(v) => { setState(v); setPage(1) }} />
        {can.add && <Button type="primary" onClick={() => setOpen('new')}>新建课程</Button>}
      </Space>
      <Table<View>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={filtered ? '没有符合条件的课程' : '暂无课程：点击“新建课程”，添加章节和课件后发布给学员'} /> }}
        columns={[
          { title: '课程名称', dataIndex: 'title' },
          { title: '开课党组织', dataIndex: 'orgName', width: 180 },
          { title: '节点数', dataIndex: 'nodes', width: 80 },
          { title: '学时', dataIndex: 'hours', width: 80 },
          { title: '已完成学员', dataIndex: 'learners', width: 100 },
          { title: '状态', width: 90, render: (_, v) => <Tag color={v.state === STATE.published ? 'success' : 'default'}>{STATE_NAMES[v.state]}</Tag> },
          {
            title: '操作',
            width: 320,
            render: (_, v) => (
              <Space size={0} wrap>
                <Button type="link" onClick={() => setOpen(v.id)}>{can.edit ? '编辑' : '查看'}</Button>
                {can.edit && v.state === STATE.draft && <Button type="link" onClick={() => publish(v, true)}>发布</Button>}
                {can.edit && v.state === STATE.published && <Button type="link" onClick={() => publish(v, false)}>取消发布</Button>}
                <Button type="link" onClick={() => setTrailOf(v)}>变动轨迹</Button>
                {can.del && <Button type="link" danger onClick={() => remove(v)}>删除</Button>}
              </Space>
            ),
          },
        ]}
      />
      {/* 修改记录: who created, edited, published, took back or deleted it. */}
      {trailOf && <TrailDrawer api="/api/dx/course" id={trailOf.id} title={trailOf.title} canRestore={false} onClose={() => setTrailOf(undefined)} onRestored={() => void refresh()} />}
      {open !== undefined && (
        <CourseDrawer id={open === 'new' ? undefined : open} editable={open === 'new' ? can.add : can.edit} onClose={() => setOpen(undefined)}
          onCreated={(id) => setOpen(id)} onChanged={() => void refresh()} />
      )}
    </div>
  )
}

interface DrawerProps {
  id?: number
  editable: boolean
  onClose: () => void
  onCreated: (id: number) => void
  onChanged: () => void
}

/** A course's form and its chapters and nodes. */
function CourseDrawer({ id, editable, onClose, onCreated, onChanged }: DrawerProps) {
  const client = useQueryClient()
  const [form] = Form.useForm<{ orgId: number; title: string; intro: string }>()
  const q = useQuery({ queryKey: ['kc', 'detail', id], queryFn: () => courseDetail(id!), enabled: id !== undefined })
  const [node, setNode] = useState<{ chapter: number; node?: NodeView; type?: NodeType }>()
  const d = q.data
  const apply = (next: Detail) => {
    client.setQueryData(['kc', 'detail', next.id], next)
    onChanged()
  }
  const save = async () => {
    const v = await form.validateFields().catch(() => null) // the form shows what is missing
    if (!v) return
    const body = { orgId: v.orgId, title: v.title, intro: v.intro ?? '' }
    if (id === undefined) {
      const c = await createCourse(body)
      ui.message.success('已创建，请添加章节和课件')
      onChanged()
      onCreated(c.id)
    } else {
      apply(await updateCourse(id, body))
      ui.message.success('已保存')
    }
  }
  const addChapter = () => {
    let title = ''
    ui.modal.confirm({
      title: '新增章',
      content: <Input aria-label="章名称" maxLength={LIMITS.title} onChange={(e) => { title = e.target.value }} />,
      okText: '添加',
      cancelText: '取消',
      onOk: async () => apply(await addItem(id!, { kind: KIND.chapter, title })),
    })
  }
  const removeItem = (itemId: number, name: string) =>
    ui.modal.confirm({
      title: '删除',
      content: `确定删除“${name}”吗？已有学员学习的节点不能删除；章需先删除其下的节点。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => apply(await deleteItem(id!, itemId)),
    })
  const move = (itemId: number, dir: 'up' | 'down') => moveItem(id!, itemId, dir).then(apply, () => undefined)
  return (
    <Drawer open title={id === undefined ? '新建课程' : d?.title ?? '课程'} size={820} onClose={onClose} destroyOnHidden>
      {(id === undefined || d) && (
        <Form form={form} layout="vertical" disabled={!editable} initialValues={d ? { orgId: d.orgId, title: d.title, intro: d.intro } : undefined}>
          <Form.Item name="orgId" label="开课党组织" rules={[{ required: true, message: '请选择开课的党组织' }]}>
            <OrgTreeSelect />
          </Form.Item>
          <Form.Item name="title" label="课程名称" rules={[{ required: true, whitespace: true, message: '请输入课程名称' }]}>
            <Input maxLength={LIMITS.title} />
          </Form.Item>
          <Form.Item name="intro" label="课程简介">
            <Input.TextArea maxLength={LIMITS.intro} rows={3} />
          </Form.Item>
          {d && (
            <Form.Item label="封面（可选，jpg/png/webp，不超过5MB）">
              <Space align="start" wrap>
                {d.coverFileId && <img alt="课程封面" src={`${API}/${d.id}/cover?v=${d.coverFileId}`} style={{ height: 90, borderRadius: 4 }} />}
                {editable && (
                  <Upload accept={COVER_EXTS.map((e) => `.${e}`).join(',')} showUploadList={false}
                    beforeUpload={(f) => { void uploadCover(d.id, f).then(apply, () => undefined); return false }}>
                    <Button>{d.coverFileId ? '更换封面' : '上传封面'}</Button>
                  </Upload>
                )}
              </Space>
            </Form.Item>
          )}
          {editable && <Button type="primary" onClick={() => void save().catch(() => undefined)}>{id === undefined ? '创建课程' : '保存'}</Button>}
        </Form>
      )}
      {d && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            章节与课件（共 {d.nodes} 个节点，{d.hours} 学时）
          </Typography.Title>
          {d.chapters.length === 0 && <Empty description="还没有章节：先新增章，再在章下添加视频、文档或图文节点" />}
          {d.chapters.map((c, ci) => (
            <ChapterBlock key={c.id} chapter={c} first={ci === 0} last={ci === d.chapters.length - 1} editable={editable}
              onMove={move} onRemove={removeItem} onAdd={(type) => setNode({ chapter: c.id, type })} onEdit={(n) => setNode({ chapter: c.id, node: n })}
              onUpload={(n, file) =>
                uploadNodeFile(d.id, n.id, file).then((next) => {
                  apply(next)
                  ui.message.success('课件已上传')
                }, () => undefined)} />
          ))}
          {editable && <Button style={{ marginTop: 12 }} onClick={addChapter}>新增章</Button>}
        </>
      )}
      {node && d && (
        <NodeDialog courseId={d.id} chapter={node.chapter} node={node.node} type={node.type} onClose={() => setNode(undefined)}
          onSaved={(next) => { apply(next); setNode(undefined) }} />
      )}
    </Drawer>
  )
}

interface ChapterProps {
  chapter: ChapterView
  first: boolean
  last: boolean
  editable: boolean
  onMove: (id: number, dir: 'up' | 'down') => Promise<void>
  onRemove: (id: number, name: string) => void
  onAdd: (type: NodeType) => void
  onEdit: (n: NodeView) => void
  onUpload: (n: NodeView, file: File) => Promise<void>
}

function ChapterBlock({ chapter, first, last, editable, onMove, onRemove, onAdd, onEdit, onUpload }: ChapterProps) {
  return (
    <div style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 12, marginBottom: 12 }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{chapter.title}</Typography.Text>
        {editable && (
          <>
            <Button size="small" disabled={first} onClick={() => void onMove(chapter.id, 'up')}>上移</Button>
            <Button size="small" disabled={last} onClick={() => void onMove(chapter.id, 'down')}>下移</Button>
            <Button size="small" danger onClick={() => onRemove(chapter.id, chapter.title)}>删除章</Button>
            <Select<NodeType> size="small" aria-label={`在“${chapter.title}”中添加节点`} placeholder="添加节点" style={{ width: 120 }}
              options={TYPE_OPTIONS} value={null as unknown as NodeType} onChange={onAdd} />
          </>
        )}
      </Space>
      {chapter.nodes.length === 0 && <Typography.Paragraph type="secondary">本章还没有节点</Typography.Paragraph>}
      {chapter.nodes.map((n, i) => (
        <div key={n.id} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '4px 0' }}>
          <Tag>{NODE_TYPE_NAMES[n.nodeType]}</Tag>
          <span>{n.title}</span>
          <Typography.Text type="secondary">{clock(n.duration)} · {n.hours} 学时</Typography.Text>
          {n.nodeType !== NODE_TYPE.article && (n.fileName ? <Typography.Text type="secondary">{n.fileName}</Typography.Text> : <Tag color="warning">未上传课件</Tag>)}
          {editable && (
            <Space size={0} wrap>
              <Button type="link" size="small" onClick={() => onEdit(n)}>编辑</Button>
              {n.nodeType !== NODE_TYPE.article && (
                <Upload accept={(n.nodeType === NODE_TYPE.video ? VIDEO_EXTS : DOCUMENT_EXTS).map((e) => `.${e}`).join(',')} showUploadList={false}
                  beforeUpload={(file) => { void onUpload(n, file); return false }}>
                  <Button type="link" size="small">{n.fileName ? '更换课件' : '上传课件'}</Button>
                </Upload>
              )}
              <Button type="link" size="small" disabled={i === 0} onClick={() => void onMove(n.id, 'up')}>上移</Button>
              <Button type="link" size="small" disabled={i === chapter.nodes.length - 1} onClick={() => void onMove(n.id, 'down')}>下移</Button>
              <Button type="link" size="small" danger onClick={() => onRemove(n.id, n.title)}>删除</Button>
            </Space>
          )}
        </div>
      ))}
    </div>
  )
}

interface NodeDialogProps {
  courseId: number
  chapter: number
  node?: NodeView
  type?: NodeType
  onClose: () => void
  onSaved: (d: Detail) => void
}

/** A node's form: title, duration (a video's read from the file chosen), 学时, an article's text. */
function NodeDialog({ courseId, chapter, node, type, onClose, onSaved }: NodeDialogProps) {
  const [form] = Form.useForm<{ title: string; minutes: number; seconds: number; hours: number; content: string }>()
  const nodeType: NodeType = node?.nodeType ?? type ?? (NODE_TYPE.video as NodeType)
  const [file, setFile] = useState<File>()
  const [saving, setSaving] = useState(false)
  const save = async () => {
    const v = await form.validateFields().catch(() => null)
    if (!v) return
    const body = { title: v.title, duration: (v.minutes ?? 0) * 60 + (v.seconds ?? 0), hours: v.hours, content: v.content ?? '' }
    setSaving(true)
    try {
      let d = node ? await updateItem(courseId, node.id, body) : await addItem(courseId, { ...body, kind: KIND.node, parentId: chapter, nodeType })
      if (file) {
        const created = node ?? d.chapters.find((c) => c.id === chapter)?.nodes.at(-1)
        if (created) d = await uploadNodeFile(courseId, created.id, file)
      }
      onSaved(d)
    } finally {
      setSaving(false)
    }
  }
  const chooseVideo = async (f: File) => {
    setFile(f)
    const seconds = nodeType === NODE_TYPE.video ? await videoDuration(f) : null
    if (seconds) form.setFieldsValue({ minutes: Math.floor(seconds / 60), seconds: seconds % 60 })
  }
  const init = node
    ? { title: node.title, minutes: Math.floor(node.duration / 60), seconds: node.duration % 60, hours: node.hours, content: node.content ?? '' }
    : { hours: 1, minutes: 0, seconds: 0 }
  return (
    <Drawer open title={`${node ? '编辑' : '新增'}${NODE_TYPE_NAMES[nodeType]}节点`} size={720} onClose={onClose} destroyOnHidden
      extra={<Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)}>保存</Button>}>
      <Form form={form} layout="vertical" initialValues={init}>
        <Form.Item name="title" label="节点名称" rules={[{ required: true, whitespace: true, message: '请输入节点名称' }]}>
          <Input maxLength={LIMITS.title} />
        </Form.Item>
        {nodeType !== NODE_TYPE.article && (
          <Form.Item label={nodeType === NODE_TYPE.video ? '视频文件（选择后自动读取时长）' : '文档（PDF 可在浏览器中直接阅读；Word、PPT、Excel 需下载阅读）'}>
            <Upload accept={(nodeType === NODE_TYPE.video ? VIDEO_EXTS : DOCUMENT_EXTS).map((e) => `.${e}`).join(',')} maxCount={1}
              beforeUpload={(f) => { void chooseVideo(f); return false }} onRemove={() => setFile(undefined)}>
              <Button>{node?.fileName ? `更换（当前：${node.fileName}）` : '选择文件'}</Button>
            </Upload>
          </Form.Item>
        )}
        <Space wrap>
          <Form.Item name="minutes" label={nodeType === NODE_TYPE.video ? '视频时长（分）' : '要求学习时长（分）'} rules={[{ required: true, message: '请输入时长' }]}>
            <InputNumber min={0} max={LIMITS.duration / 60} precision={0} />
          </Form.Item>
          <Form.Item name="seconds" label="秒">
            <InputNumber min={0} max={59} precision={0} />
          </Form.Item>
          <Form.Item name="hours" label="学时" rules={[{ required: true, message: `请输入学时（大于0，不超过${LIMITS.maxHours}，一位小数）` }]}>
            <InputNumber min={0.1} max={LIMITS.maxHours} step={0.5} precision={1} />
          </Form.Item>
        </Space>
        {nodeType === NODE_TYPE.article && (
          <Form.Item name="content" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
            <RichTextEditor aria-label="正文" />
          </Form.Item>
        )}
        <Typography.Paragraph type="secondary">
          学员学完规定时长即获得本节点学时，每人每个节点只计一次；修改学时不影响已获得的学时。
        </Typography.Paragraph>
      </Form>
    </Drawer>
  )
}
