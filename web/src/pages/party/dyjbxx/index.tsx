import { useNavigate } from 'react-router'
import { ResourcePage } from '@/components/crud'
import { memberResource } from '@/components/member/memberResource'
import { memberDetailPath } from '@/components/member/service'

/**
 * 党员信息: the members of the caller's organisations, with filters on every dictionary field.
 * Holders of dy:unmask may export the roster with ID numbers and phones in clear, giving a reason
 * (the resource page asks; the server logs it).
 */
export default function MemberPage() {
  const navigate = useNavigate()
  return (
    <ResourcePage
      resource={memberResource}
      actionWidth={130}
      rowActions={(m) => [{ key: 'detail', label: '详情', onClick: () => navigate(memberDetailPath(m.id)) }]}
      newValues={(filters) => ({ orgId: filters.subtreeOf ?? undefined })}
    />
  )
}
