import { Button, Segmented, Space } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ResourcePage } from '@/components/crud'
import Permission from '@/components/Permission'
import CadreDrawer from './CadreDrawer'
import RequestsDrawer from './RequestsDrawer'
import { cadreResource, columnsFor, type Cadre, type DisplayMode } from './resource'

/** 干部信息库: the cadre list with its filters, the display modes 完整信息/简要信息, the roster export and the detail. */
export default function CadrePage() {
  const [mode, setMode] = useState<DisplayMode>('full')
  const [open, setOpen] = useState<Cadre | null>(null)
  const [reviewing, setReviewing] = useState(false)
  return (
    <ResourcePage<Cadre>
      resource={cadreResource}
      actionWidth={200}
      mapColumns={(columns) => columnsFor(mode, columns)}
      toolbar={
        <Space>
          <Segmented<DisplayMode>
            value={mode}
            onChange={setMode}
            options={[
              { label: '完整信息', value: 'full' },
              { label: '简要信息', value: 'brief' },
            ]}
          />
          <Permission need={[PERM.gbjbxxEdit]}>
            <Button onClick={() => setReviewing(true)}>变更申请审核</Button>
          </Permission>
        </Space>
      }
      rowActions={(row) => [{ key: 'detail', label: '详情', onClick: () => setOpen(row) }]}
      dialogs={(page) => (
        <>
          {open && <CadreDrawer id={open.id} onClose={() => setOpen(null)} onChanged={page.crud.reload} />}
          {reviewing && <RequestsDrawer onClose={() => setReviewing(false)} onChanged={page.crud.reload} />}
        </>
      )}
    />
  )
}
