import { PlusOutlined } from '@ant-design/icons'
import type { Perm } from '@/api/permissions'
import { Button } from 'antd'
import type { ReactNode } from 'react'
import Permission from '@/components/Permission'

interface Props {
  /** The permission that may add (e.g. dw:add); without it everyone sees the button. */
  need?: Perm
  onClick: () => void
  children?: ReactNode
}

/** The primary 新增 button of a list, shown to holders of `need`. */
export default function AddButton({ need, onClick, children = '新增' }: Props) {
  const button = (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  )
  return need ? <Permission need={[need]}>{button}</Permission> : button
}
