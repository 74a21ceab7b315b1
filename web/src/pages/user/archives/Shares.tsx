import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import type { RecordAttachment } from '@/api/attachments'
import { SHARE_STATE_NAMES, type ShareState } from '@/api/generated/archive'
import { ui } from '@/app/bridge'
import { timeCell } from '@/components/format'
import { serverPager } from '@/components/pagerTotal'
import { listShares, stopShare, type ShareView } from './service'
import ShareDialog from './ShareDialog'
import ViewsDrawer from './ViewsDrawer'

const PAGE_SIZE = 10

/**
 * 档案共享: the owner's shares with their state (共享中/已停止), who they name and how often the file was
 * viewed; share a file, stop a share (confirmed), read a share's view log.
 */
export default function Shares({ files }: { files: RecordAttachment[] }) {
  const client = useQueryClient()
  const [page, setPage] = useState(1)
  const [state, setState] = useState<ShareState | undefined>(undefined)
  const [sharing, setSharing] = useState(false)
  const [viewing, setViewing] = useState<ShareView | null>(null)
  const q = useQuery({ queryKey: ['archives', 'shares', page, state], queryFn: () => listShares(page - 1, PAGE_SIZE, { state }) })
  const reload = () => void client.invalidateQueries({ queryKey: ['archives', 'shares'] })
  const stop = useMutation({
    mutationFn: (id: number) => stopShare(id),
    onSuccess: () => {
      ui.message.success('已停止共享')
      reload()
    },
  })
  return (
    <div data-testid="archive-shares">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" disabled={files.length === 0} onClick={() => setSharing(true)}>
          共享文件
        </Button>
        <Select<ShareState>
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={state}
          onChange={(v) => {
            setState(v)
            setPage(1)
          }}
          options={(Object.keys(SHARE_STATE_NAMES) as ShareState[]).map((k) => ({ value: k, label: SHARE_STATE_NAMES[k] }))}
        />
        {files.length === 0 && <Typography.Text type="secondary">档案中还没有文件，先在“档案文件”中上传后再共享。</Typography.Text>}
      </Space>
      <Table<ShareView>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.content ?? []}
        locale={{ emptyText: '还没有共享过档案文件' }}
        pagination={serverPager(page, setPage, PAGE_SIZE, q.data, { unit: '条' })}
        columns={[
          { title: '文件', dataIndex: 'fileName', ellipsis: true },
          { title: '共享方式', dataIndex: 'shareTypeLabel', width: 100 },
          { title: '共享对象', key: 'targets', ellipsis: true, render: (_, s) => s.targetNames.join('、') },
          { title: '状态', dataIndex: 'state', width: 90, render: (v: ShareState) => <Tag color={v === 'SHARE' ? 'green' : 'default'}>{SHARE_STATE_NAMES[v]}</Tag> },
          { title: '查看次数', dataIndex: 'views', width: 90 },
          { title: '共享时间', dataIndex: 'createTime', width: 170, render: timeCell },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_, s) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setViewing(s)}>
                  查看记录
                </Button>
                {s.state === 'SHARE' && (
                  <Popconfirm
                    title={`确定停止共享“${s.fileName}”吗？`}
                    description="停止后，共享对象将不能再查看该文件。"
                    okText="确定"
                    cancelText="取消"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => stop.mutateAsync(s.id).catch(() => undefined)}
                  >
                    <Button type="link" size="small" danger>
                      停止共享
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {sharing && <ShareDialog files={files} onClose={() => setSharing(false)} onDone={reload} />}
      {viewing && <ViewsDrawer share={viewing} onClose={() => setViewing(null)} />}
    </div>
  )
}
