import { Alert } from 'antd'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import MyTransfers from '../dyHome/MyTransfers'

/** 我的组织关系 (the member's phone navigation): where their relation is, their transfers, 申请转接. */
export default function MyTransfersPage() {
  const allowed = useHasPermission([PERM.zzgxMine])
  return <div className="member-page">{allowed ? <MyTransfers /> : <Alert type="info" showIcon title="您的账号没有“我的组织关系”的权限，请联系管理员" />}</div>
}
