import { Badge, Button, Card, Empty, Input, List, Segmented, Space, Tag, Typography } from 'antd'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { get } from '@/api/request'
import { downloadFile } from '@/api/file'
import { KIND_NAMES, type Kind, type ReadView } from '@/api/generated/content'
import RichText from '@/components/RichTextEditor/RichText'
import { timeCell } from '@/components/format'
import { READ_API } from '@/pages/content/shared/api'

interface Attachment {
  id: number
  name: string
}

/** One item opened: reading it marks it read (GET answers it and records the receipt once). */
function Reader({ id, onBack }: { id: number; onBack: () => void }) {
  const client = useQueryClient()
  const item = useQuery({
    queryKey: ['content-read', id],
    queryFn: async () => {
      const v = await get<ReadView>(`${READ_API}/${id}`)
      void client.invalidateQueries({ queryKey: ['content-readable'] })
      return v
    },
  })
  const files = useQuery({ queryKey: ['content-read-files', id], queryFn: () => get<Attachment[]>(`${READ_API}/${id}/attachments`) })
  const v = item.data
  return (
    <Card loading={item.isLoading} title={v?.title} extra={<Button onClick={onBack}>返回列表</Button>}>
      {v && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {v.columnLabel} · {v.orgName} · {timeCell(v.publishedAt)}
          </Typography.Text>
          <RichText html={v.body} />
          {(files.data ?? []).length > 0 && (
            <div>
              <Typography.Text strong>附件：</Typography.Text>
              {(files.data ?? []).map((f) => (
                <Button key={f.id} type="link" onClick={() => void downloadFile(`${READ_API}/${id}/attachments/${f.id}/download`, undefined, f.name)}>
                  {f.name}
                </Button>
              ))}
            </div>
          )}
        </Space>
      )}
    </Card>
  )
}

/** 党务新闻 of the member (static route /list-home/news): what is published to their organisation, unread marked. */
export default function MemberNewsPage() {
  const [kind, setKind] = useState<Kind>('NEWS')
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(0)
  const [open, setOpen] = useState<number | null>(null)
  const { data, isLoading } = useQuery({
    queryKey: ['content-readable', kind, blurry, page],
    queryFn: () => get<{ content: ReadView[]; totalElements: number }>(READ_API, { kind, blurry: blurry || undefined, page, size: 10 }),
  })
  if (open !== null) {
    return (
      <div className="member-page">
        <Reader id={open} onBack={() => setOpen(null)} />
      </div>
    )
  }
  return (
    <div className="member-page">
      <Card title="党务新闻">
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Segmented<Kind>
              value={kind}
              options={(['NEWS', 'ARTICLE'] as Kind[]).map((k) => ({ value: k, label: KIND_NAMES[k] }))}
              onChange={(k) => (setKind(k), setPage(0))}
            />
            <Input.Search placeholder="标题或摘要" allowClear style={{ width: 240 }} onSearch={(v) => (setBlurry(v.trim()), setPage(0))} />
          </Space>
          <List<ReadView>
            loading={isLoading}
            dataSource={data?.content ?? []}
            locale={{ emptyText: <Empty description="暂无发布给您的内容" /> }}
            pagination={{ current: page + 1, total: data?.totalElements ?? 0, pageSize: 10, onChange: (p) => setPage(p - 1) }}
            renderItem={(v) => (
              <List.Item key={v.id} onClick={() => setOpen(v.id)} style={{ cursor: 'pointer' }}>
                <List.Item.Meta
                  title={
                    <Space>
                      {!v.read && <Badge status="error" text="未读" />}
                      {v.pinned && <Tag color="red">置顶</Tag>}
                      <a>{v.title}</a>
                    </Space>
                  }
                  description={`${v.columnLabel} · ${v.orgName} · ${timeCell(v.publishedAt)} ${v.summary}`}
                />
              </List.Item>
            )}
          />
        </Space>
      </Card>
    </div>
  )
}
