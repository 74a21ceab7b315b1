import { UploadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Popconfirm, Result, Space, Spin, Typography, Upload } from 'antd'
import { useMemo, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { recordAttachments } from '@/api/attachments'
import type { MyCheck } from '@/api/generated/orglifePrepare'
import { failureText, get } from '@/api/request'
import FactList from '@/components/FactList'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'

/** The page where a member hands in their own 对照检查材料 (the notice of a 组织生活会 or 民主生活会 links it). */
export const CHECK_PATH = '/democratic/meeting/check'

const CHECK = 'check'
const silent = { silent: true }

/** One meeting's own files: listed, uploaded and removed through the member's own route (404 for anyone else's). */
function OwnFiles({ item }: { item: MyCheck }) {
  const files = useMemo(() => recordAttachments(`/api/zzsh/my/attendees/${item.attendeeId}/attachments`), [item.attendeeId])
  const list = useQuery({ queryKey: ['myCheckFiles', item.attendeeId], queryFn: () => files.list(CHECK) })
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    setError(undefined)
    try {
      await action()
      await list.refetch()
    } catch (e) {
      setError(await failureText(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {list.isLoading ? (
        <Spin size="small" />
      ) : (list.data ?? []).length === 0 ? (
        <Typography.Text type="secondary">尚未提交对照检查材料</Typography.Text>
      ) : (
        (list.data ?? []).map((f) => (
          <div key={f.id} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography.Text ellipsis>{f.name}</Typography.Text>
            <Popconfirm title={`确定删除“${f.name}”吗？`} okText="确定" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => void run(() => files.remove(f.id))}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </div>
        ))
      )}
      <Upload
        showUploadList={false}
        beforeUpload={(file) => {
          void run(() => files.upload(file, CHECK))
          return false
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} style={{ marginTop: 8 }}>
          上传对照检查材料
        </Button>
      </Upload>
    </>
  )
}

/** 提交对照检查材料: the 组织生活会 and 民主生活会 the signed-in member attends, each with their own files. */
export default function MyChecksPage() {
  const { pathname } = useLocation()
  const signedIn = useSessionStore((s) => s.signedIn)
  const q = useQuery({ queryKey: ['myChecks'], queryFn: () => get<MyCheck[]>('/api/zzsh/my/checks', undefined, silent), enabled: signedIn })
  if (!signedIn)
    return (
      <Result
        status="info"
        title="请先登录"
        subTitle="登录后可提交本人的对照检查材料"
        extra={
          <Link to={`/login?redirect=${encodeURIComponent(pathname)}`}>
            <Button type="primary">登录</Button>
          </Link>
        }
      />
    )
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (q.isError) return <Result status="warning" title="无法读取您参加的会议，请稍后重试" />
  const items = q.data ?? []
  if (items.length === 0) return <Result status="info" title="暂无需要提交对照检查材料的会议" subTitle="已发布、尚未结束的组织生活会和民主生活会会在这里列出" />
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        提交对照检查材料
      </Typography.Title>
      {items.map((m) => (
        <Card key={m.attendeeId} title={m.topic}>
          <FactList column={1} facts={[['党组织', m.orgName], ['会议类型', m.typeName], ['时间', formatTime(m.startsAt, 'YYYY-MM-DD HH:mm')]]} />
          <div style={{ marginTop: 12 }}>
            <OwnFiles item={m} />
          </div>
        </Card>
      ))}
    </Space>
  )
}
