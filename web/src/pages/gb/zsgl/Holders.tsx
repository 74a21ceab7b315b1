import { useQuery } from '@tanstack/react-query'
import { Button, Modal, Table, Tag } from 'antd'
import { useState } from 'react'
import type { Holder, PositionView } from '@/api/generated/cadreQuota'
import { fetchHolders } from './api'

/** The 现任人数 cell: the number, opening the list of the position's current holders. */
export default function HoldersCell({ position }: { position: PositionView }) {
  const [open, setOpen] = useState(false)
  const holders = useQuery({ queryKey: ['gbzs-holders', position.id], queryFn: () => fetchHolders(position.id), enabled: open })
  if (position.holders === 0) return 0
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {position.holders}
      </Button>
      {open && (
        <Modal open title={`${position.unitName} · ${position.name} 现任干部`} footer={null} onCancel={() => setOpen(false)}>
          <Table<Holder>
            rowKey="cadreId"
            size="small"
            loading={holders.isLoading}
            dataSource={holders.data ?? []}
            pagination={false}
            columns={[
              { title: '姓名', dataIndex: 'cadreName', key: 'cadreName' },
              { title: '任职日期', dataIndex: 'startOn', key: 'startOn', width: 120 },
              { title: '超职数', key: 'over', render: (_: unknown, h) => (h.overQuota ? <Tag color="error">超职数：{h.overReason}</Tag> : '') },
            ]}
          />
        </Modal>
      )}
    </>
  )
}
