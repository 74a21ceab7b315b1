import { ImportOutlined } from '@ant-design/icons'
import type { Perm } from '@/api/permissions'
import { Button } from 'antd'
import { useState } from 'react'
import { ImportWizard } from '@/components/import'
import Permission from '@/components/Permission'

interface Props {
  /** The permission that may import (e.g. dw:import). */
  need: Perm
  /** Import kind of the staged import API. */
  kind: string
  title: string
  onDone: () => void
}

/** 导入: opens the staged import wizard of `kind` for holders of `need`. */
export default function ImportButton({ need, kind, title, onDone }: Props) {
  const [open, setOpen] = useState(false)
  return (
    <Permission need={[need]}>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        导入
      </Button>
      {open && <ImportWizard kind={kind} title={title} onClose={() => setOpen(false)} onDone={onDone} />}
    </Permission>
  )
}
