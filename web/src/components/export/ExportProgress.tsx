import { DownloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Result, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { downloadExport, EXPORT_DONE, EXPORT_RUNNING, exportJob } from '@/api/exports'

/**
 * A background export as its requester follows it: the rows written while the file is made, then the
 * download. The server also sends a message with a link here (/export?id=…) when the file is ready, so
 * the requester may close this and carry on.
 */
export default function ExportProgress({ id, pollMs = 1000 }: { id: number; pollMs?: number }) {
  const q = useQuery({
    queryKey: ['export', id],
    queryFn: () => exportJob(id),
    refetchInterval: (query) => (query.state.data?.state === EXPORT_RUNNING ? pollMs : false),
  })
  const [downloading, setDownloading] = useState(false)
  if (q.isLoading) return <Spin />
  const job = q.data
  if (q.isError || !job) return <Alert type="error" showIcon title="导出任务不存在，或不是您发起的" />
  if (job.state === EXPORT_RUNNING)
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="export-progress">
        <Space>
          <Spin size="small" />
          <Typography.Text>
            正在生成{job.title}：已写入 <Typography.Text strong>{job.rows}</Typography.Text> 行
          </Typography.Text>
        </Space>
        <Typography.Text type="secondary">可以关闭本窗口继续工作，文件生成后会通过「我的消息」通知您。</Typography.Text>
      </Space>
    )
  if (job.state !== EXPORT_DONE) return <Result status="error" title={`${job.title}导出失败`} subTitle={job.error} />
  const download = async () => {
    setDownloading(true)
    try {
      await downloadExport(job)
    } catch {
      /* the request pipeline shows the server's message */
    } finally {
      setDownloading(false)
    }
  }
  return (
    <Result
      status="success"
      title={`${job.title}已生成`}
      subTitle={`${job.fileName}，共 ${job.rows} 行。文件仅您本人可以下载。`}
      extra={
        <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
          下载文件
        </Button>
      }
    />
  )
}
