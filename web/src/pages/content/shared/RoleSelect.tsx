import { Select } from 'antd'
import { useQuery } from '@tanstack/react-query'
import type { Kind } from '@/api/generated/content'
import { get } from '@/api/request'
import { API_BASE } from './api'

interface RoleBrief {
  id: number
  name: string
}

/** 可见角色 of an item (none: every role of the audience): the roles a writer may keep it for, from GET {kind's base}/roles (the server checks against the same list). */
export default function RoleSelect({ kind, ...props }: { kind: Kind; value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const { data = [], isLoading } = useQuery({ queryKey: ['content', kind, 'roles'], queryFn: () => get<RoleBrief[]>(`${API_BASE[kind]}/roles`) })
  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      loading={isLoading}
      placeholder="不选则不限角色"
      optionFilterProp="label"
      options={data.map((r) => ({ value: r.id, label: r.name }))}
    />
  )
}
