import { Drawer, Tabs } from 'antd'
import { PERM } from '@/api/permissions'
import { ChainEditor } from '@/components/flow'
import { useHasPermission } from '@/components/Permission'
import { KIND_NAMES, TRANSFER_API, type Kind } from './api'

/** 审批链 of a page's kinds: one chain per type of the member's organisation, edited by holders of zzgx:chain. */
export default function ChainsDrawer({ kinds, onClose }: { kinds: readonly Kind[]; onClose: () => void }) {
  const canEdit = useHasPermission([PERM.zzgxChain])
  const editor = (k: Kind) => (
    <ChainEditor base={`${TRANSFER_API}/${k}`} recordNoun={`的${KIND_NAMES[k]}`} canEdit={canEdit} note="修改只影响此后发起的转接；已发起的沿用发起时的审批链。" />
  )
  return (
    <Drawer open title="审批链" size={720} onClose={onClose} destroyOnHidden>
      {kinds.length === 1 ? editor(kinds[0]) : <Tabs items={kinds.map((k) => ({ key: k, label: KIND_NAMES[k], children: editor(k) }))} />}
    </Drawer>
  )
}
