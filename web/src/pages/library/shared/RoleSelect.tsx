import { Select } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { get } from '@/api/request'

interface RoleBrief {
  id: number
  name: string
}

/** The roles a record is kept for (none: every role), from GET /api/library/roles. */
export default function RoleSelect(props: { value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const { data = [], isLoading } = useQuery({ queryKey: ['library', 'roles'], queryFn: () => get<RoleBrief[]>('/api/library/roles') })
  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      loading={isLoading}
      placeholder="不选则所有角色可见"
      options={data.map((r) => ({ value: r.id, label: r.name }))}
    />
  )
}
