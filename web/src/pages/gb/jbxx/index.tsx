import { Button, Segmented, Space } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { PERM } from '@/api/permissions'
import { ResourcePage } from '@/components/crud'
import Permission from '@/components/Permission'
import CadreDrawer from './CadreDrawer'
import RequestsDrawer from './RequestsDrawer'
import RmbActions from './RmbActions'
import { cadreResource, columnsFor, type Cadre, type DisplayMode } from './resource'

/**
 * 干部信息库: the cadre list with its filters, the display modes 完整信息/简要信息, the roster export, the
 * 任免审批表 actions on the chosen rows and the detail (also opened by a link naming ?id=, from the 干部工作台
 * and 干部提醒).
 */
export default function CadrePage() {
  const [mode, setMode] = useState<DisplayMode>('full')
  const [params, setParams] = useSearchParams()
  const linked = Number(params.get('id')) || null
  const [open, setOpen] = useState<number | null>(linked)
  const [reviewing, setReviewing] = useState(false)
  const close = () => {
    setOpen(null)
    if (linked) setParams({}, { replace: true })
  }
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
      batchActions={(selection, page) => <RmbActions selectedIds={selection.keys as number[]} onImported={page.crud.reload} />}
      rowActions={(row) => [{ key: 'detail', label: '详情', onClick: () => setOpen(row.id) }]}
      dialogs={(page) => (
        <>
          {open && <CadreDrawer id={open} onClose={close} onChanged={page.crud.reload} />}
          {reviewing && <RequestsDrawer onClose={() => setReviewing(false)} onChanged={page.crud.reload} />}
        </>
      )}
    />
  )
}
