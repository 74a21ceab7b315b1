import { ImportOutlined, PlusOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useState } from 'react'
import { ImportWizard } from '@/components/import'
import Permission from '@/components/Permission'

interface Props {
  onAdd: () => void
  /** Import kind of the staged import API (xsjbxx, jsjbxx, bj). */
  importKind: string
  importTitle: string
  onImported: () => void
}

/** 新增 (ry:add) and 导入 (ry:import, the staged import wizard) of the people pages. */
export default function PeopleToolbar({ onAdd, importKind, importTitle, onImported }: Props) {
  const [importing, setImporting] = useState(false)
  return (
    <>
      <Permission need={['ry:add']}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          新增
        </Button>
      </Permission>
      <Permission need={['ry:import']}>
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
          导入
        </Button>
      </Permission>
      {importing && <ImportWizard kind={importKind} title={importTitle} onClose={() => setImporting(false)} onDone={onImported} />}
    </>
  )
}
