import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import BatchAccountsButton from '@/components/account/BatchAccountsButton'
import { ResourcePage } from '@/components/crud'
import { memberResource } from '@/components/member/memberResource'
import { memberDetailPath } from '@/components/member/service'

/**
 * 党员信息: the members of the caller's organisations, with filters on every dictionary field.
 * Holders of dy:unmask may export the roster with ID numbers and phones in clear, giving a reason
 * (the resource page asks; the server logs it). Accounts for the members are made in one batch.
 */
export default function MemberPage() {
  const navigate = useNavigate()
  const client = useQueryClient()
  return (
    <ResourcePage
      resource={memberResource}
      actionWidth={130}
      rowActions={(m) => [{ key: 'detail', label: '详情', onClick: () => navigate(memberDetailPath(m.id)) }]}
      newValues={(filters) => ({ orgId: filters.subtreeOf ?? undefined })}
      toolbar={<BatchAccountsButton onDone={() => void client.invalidateQueries({ queryKey: ['crud', 'dyjbxx'] })} />}
    />
  )
}
