import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Empty, Space, Spin, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { NODE_TYPE } from '@/api/generated/course'
import { downloadFile } from '@/api/file'
import { ui } from '@/app/bridge'
import RichText from '@/components/RichTextEditor/RichText'
import { nodeFileBlob, nodeFileUrl } from '../api'
import { clock } from '../heartbeat'
import { useStudySession } from '../session'

const always = () => true
const zero = () => 0

/** A PDF shown in the page from its bytes (a blob URL, freed when the page goes). */
function PdfView({ id, title }: { id: number; title: string }) {
  const blob = useQuery({ queryKey: ['pschool', 'pdf', id], queryFn: () => nodeFileBlob(id), staleTime: Infinity })
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!blob.data) return undefined
    const u = URL.createObjectURL(blob.data)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [blob.data])
  if (blob.isError) return <Alert type="error" showIcon title="文档加载失败，请稍后刷新" />
  if (!url) return <Spin style={{ display: 'block', padding: 48 }} />
  return <iframe title={title} src={url} style={{ width: '100%', height: '75vh', border: '1px solid #f0f0f0' }} />
}

/**
 * 文档学习: a document node (a PDF shown in the page; Word, PowerPoint and Excel, which browsers cannot show, offered
 * as a download) or an article. While the page is visible it reports every videoRecordTime seconds, until the
 * required reading time is credited.
 */
export default function DocStudy() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('node')) || 0
  const { node, start, stopped, watched, done } = useStudySession(id, always, zero)
  const n = node.data
  if (id <= 0 || node.isError || start.isError) return <Empty style={{ padding: 48 }} description="学习内容不存在或已停止发布" />
  if (!n || !start.data) return <Spin style={{ display: 'block', padding: 48 }} />
  const download = () =>
    void downloadFile(nodeFileUrl(n.id), undefined, n.fileName).catch(() => ui.message.error('下载失败，请稍后重试'))
  return (
    <div style={{ padding: 16, maxWidth: 960, margin: '0 auto' }}>
      <Button type="link" style={{ paddingLeft: 0 }} onClick={() => void navigate(`/pschool/course?id=${n.courseId}`)}>返回《{n.courseTitle}》</Button>
      <Typography.Title level={4}>{n.title}</Typography.Title>
      {stopped && <Alert type="warning" showIcon title={stopped} style={{ marginBottom: 12 }} />}
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>已学 {clock(Math.min(watched, n.duration))} / 要求 {clock(n.duration)}</Typography.Text>
        <Typography.Text>{n.hours} 学时</Typography.Text>
        {done ? <Tag color="success">已完成，已获 {n.hours} 学时</Tag> : <Tag>页面保持在前台阅读满要求时长后获得学时</Tag>}
      </Space>
      {n.nodeType === NODE_TYPE.article && <RichText html={n.content ?? ''} empty="暂无正文" />}
      {n.nodeType === NODE_TYPE.document && n.inline && <PdfView id={n.id} title={n.title} />}
      {n.nodeType === NODE_TYPE.document && !n.inline && (
        <Alert type="info" showIcon
          title={`该文档为 ${n.fileExt.toUpperCase()} 格式，浏览器无法直接显示，请下载后阅读`}
          description="本页面保持打开并在前台时计入阅读时长。"
          action={<Button onClick={download}>下载文档</Button>} />
      )}
    </div>
  )
}
