import { useQuery } from '@tanstack/react-query'
import { Button, Card, Dropdown, Empty, List, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import { fetchMine, KIND_NAMES, STATE_COLORS, type Kind } from '@/pages/zzgx/shared/api'
import CreateDialog from '@/pages/zzgx/shared/CreateDialog'
import TransferDrawer from '@/pages/zzgx/shared/TransferDrawer'

/**
 * 我的组织关系 (the page /list-home/myTransfers): the member's branch, their transfers (open one: its history, 撤回 while under way, the
 * letter) and 申请转接 of the kinds a member may start while none is under way.
 */
export default function MyTransfers() {
  const allowed = useHasPermission([PERM.zzgxMine])
  const q = useQuery({ queryKey: ['zzgx', 'mine'], queryFn: fetchMine, enabled: allowed, retry: false })
  const [creating, setCreating] = useState<Kind | null>(null)
  const [opened, setOpened] = useState<number | null>(null)
  if (!allowed || !q.data) return null
  const mine = q.data
  const reload = () => void q.refetch()
  return (
    <Card
      title="我的组织关系"
      variant="borderless"
      style={{ marginBottom: 16 }}
      extra={
        mine.kinds.length > 0 && (
          <Dropdown menu={{ items: mine.kinds.map((k) => ({ key: k, label: KIND_NAMES[k] })), onClick: ({ key }) => setCreating(key as Kind) }}>
            <Button type="primary" size="small">
              申请转接
            </Button>
          </Dropdown>
        )
      }
    >
      <Typography.Paragraph>
        组织关系所在：<Typography.Text strong>{mine.orgName}</Typography.Text>
      </Typography.Paragraph>
      {mine.transfers.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无组织关系转接记录" />
      ) : (
        <List
          size="small"
          dataSource={mine.transfers}
          renderItem={(t) => (
            <List.Item key={t.id} actions={[<Typography.Link key="open" onClick={() => setOpened(t.id)}>查看</Typography.Link>]}>
              <Space wrap>
                <span>{t.kindLabel}</span>
                {t.toOrgName && <Typography.Text type="secondary">→ {t.toOrgName}</Typography.Text>}
                <Tag color={STATE_COLORS[t.state] ?? 'processing'}>{t.stateLabel}</Tag>
                <Typography.Text type="secondary">{t.createTime?.slice(0, 10)}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      {creating && <CreateDialog kind={creating} self onClose={() => setCreating(null)} onDone={reload} />}
      {opened && <TransferDrawer id={opened} onClose={() => setOpened(null)} onChanged={reload} />}
    </Card>
  )
}
