import { useQueryClient } from '@tanstack/react-query'
import { Checkbox } from 'antd'
import { PERM } from '@/api/permissions'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import BatchAccountsButton from '@/components/account/BatchAccountsButton'
import { ResourcePage } from '@/components/crud'
import { memberResource } from '@/components/member/memberResource'
import { memberDetailPath } from '@/components/member/service'
import { useHasPermission } from '@/components/Permission'

/** 党员信息: the members of the caller's organisations, with filters on every dictionary field. */
export default function MemberPage() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const canExport = useHasPermission([PERM.dyExport])
  const canUnmask = useHasPermission([PERM.dyUnmask])
  // Holders of dy:unmask may export the roster with ID numbers and phones in clear (logged).
  const [exportClear, setExportClear] = useState(false)
  return (
    <ResourcePage
      resource={memberResource}
      actionWidth={130}
      rowActions={(m) => [{ key: 'detail', label: '详情', onClick: () => navigate(memberDetailPath(m.id)) }]}
      newValues={(filters) => ({ orgId: filters.subtreeOf ?? undefined })}
      exportAction={canExport ? { ...memberResource.export!, params: () => (exportClear ? { unmask: true } : {}) } : null}
      toolbar={
        <>
          <BatchAccountsButton onDone={() => void client.invalidateQueries({ queryKey: ['crud', 'dyjbxx'] })} />
          {canExport && canUnmask && (
            <Checkbox checked={exportClear} onChange={(e) => setExportClear(e.target.checked)}>
              导出完整身份证号和手机号
            </Checkbox>
          )}
        </>
      }
    />
  )
}
