import { confirmAction } from '@/components/crud'
import RevokeDialog from '@/components/RevokeDialog'
import { restoreUnit, revokeUnit } from '../service'
import type { Unit } from '../types'

/** Revocation asks the date (default today); sub-units must be revoked first (the server says so). */
export const UnitRevokeDialog = ({ unit, onClose, onDone }: { unit: Unit; onClose: () => void; onDone: () => void }) => (
  <RevokeDialog
    title={`撤销单位：${unit.name}`}
    warning={`确定撤销“${unit.name}”吗？撤销后该单位停用，不再出现在单位选择框中，记录和变动轨迹保留，可随时恢复。还有未撤销的下级单位时不能撤销。`}
    revoke={(on) => revokeUnit(unit.id, on)}
    onClose={onClose}
    onDone={onDone}
  />
)

/** Restores a revoked unit after confirmation; resolves true when restored. */
export const confirmRestore = (unit: Unit) =>
  confirmAction(`确定恢复单位“${unit.name}”吗？恢复后单位重新启用（上级单位须未撤销）。`, () => restoreUnit(unit.id), '恢复成功')
