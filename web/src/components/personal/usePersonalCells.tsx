import { EyeOutlined } from '@ant-design/icons'
import { Button, Space, Tooltip } from 'antd'
import { useState } from 'react'
import type { Perm } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'

/** A record with personal fields the list answers masked. */
export interface MaskedPerson {
  id: number
  name: string
  idNumber: string
  phone: string
  masked: boolean
}

/**
 * The ID number and phone cells of a list of people (members, students, teachers): masked as the
 * list answers them, with an unmask button for holders of `permission` that fetches the record in
 * clear (each view is logged by the server).
 */
export function usePersonalCells<T extends MaskedPerson>(permission: Perm | undefined, detail: (id: number, unmask: boolean) => Promise<MaskedPerson>) {
  const canUnmask = useHasPermission(permission ? [permission] : [])
  const [revealed, setRevealed] = useState<Record<number, { idNumber: string; phone: string }>>({})

  const reveal = async (p: T) => {
    try {
      const v = await detail(p.id, true)
      setRevealed((r) => ({ ...r, [p.id]: { idNumber: v.idNumber, phone: v.phone } }))
    } catch {
      /* shown by the request pipeline */
    }
  }

  return (field: 'idNumber' | 'phone') => (v: string, p: T) => {
    const clear = revealed[p.id]?.[field]
    if (clear !== undefined) return clear
    if (!v) return ''
    return (
      <Space size={4}>
        {v}
        {canUnmask && p.masked && (
          <Tooltip title="查看完整信息">
            <Button
              type="text"
              size="small"
              aria-label={`查看${p.name}的完整${field === 'idNumber' ? '身份证号码' : '手机号码'}`}
              icon={<EyeOutlined />}
              onClick={() => void reveal(p)}
            />
          </Tooltip>
        )}
      </Space>
    )
  }
}
