import { Alert, Checkbox, Form } from 'antd'
import { useRef, useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import IssuedAccountsDialog from '@/components/account/IssuedAccountsDialog'
import { batchOf, checkLeaders, formerNotice, setLeaders, type LeaderCheck, type LeadersResult } from '@/components/account/service'
import FormDialog from '@/components/FormDialog'
import { searchMembers } from '@/components/member/service'
import { useHasPermission } from '@/components/Permission'
import RemoteSelect, { type RemoteOption } from '@/components/RemoteSelect'
import type { OrgDetail } from '../types'

interface Props {
  detail: OrgDetail
  onClose: () => void
  onDone: () => void
}

interface Values {
  secretaryId?: number | null
  committeeIds?: number[]
  account?: boolean
}

/** The role a secretary's account gets at an organisation of this type (none for a party group). */
export function secretaryRole(type: string): string | null {
  if (type === '6') return null
  return type === '4' || type === '5' ? '党支部书记' : '二级党委管理员'
}

/**
 * Asks to go on when chosen members are flagged (连续6个月及以上未缴党费, 留党察看): true on 仍然保存. Flags the
 * save refuses (停止党籍) are not asked about: the save names the field.
 */
export function confirmFlagged(checks: LeaderCheck[]): Promise<boolean> {
  const asked = checks
    .map((c) => ({ ...c, flags: c.flags.filter((f) => !f.blocking) }))
    .filter((c) => c.flags.length > 0 && !checks.some((b) => b.memberId === c.memberId && b.flags.some((f) => f.blocking)))
  if (asked.length === 0) return Promise.resolve(true)
  return new Promise((resolve) => {
    ui.modal.confirm({
      title: '所选人选存在以下情况，确定仍然任命吗？',
      content: (
        <ul style={{ paddingLeft: 20, margin: 0 }}>
          {asked.map((c) => (
            <li key={c.memberId}>
              {c.name}：{c.flags.map((f) => f.label).join('；')}
            </li>
          ))}
        </ul>
      ),
      okText: '仍然保存',
      cancelText: '返回修改',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    })
  })
}

/**
 * 设置书记/委员: the secretary and committee chosen among the organisation's members (with those below it),
 * and, optionally, the secretary's account with the role of the organisation's level, placed at it. The
 * server does it in one transaction; a new account's initial password is shown once.
 */
export default function LeadersDialog({ detail: d, onClose, onDone }: Props) {
  const canAccount = useHasPermission([PERM.dyAccount])
  const role = secretaryRole(d.type)
  const result = useRef<LeadersResult | null>(null)
  const [issued, setIssued] = useState<LeadersResult | null>(null)
  const search = (text: string) => searchMembers(text, d.id)
  // The current choice is named by the snapshot, whatever the picker has loaded.
  const known: RemoteOption[] = [
    ...(d.secretaryMemberId ? [{ value: d.secretaryMemberId, label: d.secretaryName }] : []),
    ...d.committeeMemberIds.map((id, i) => ({ value: id, label: d.committee[i] ?? String(id) })),
  ]

  if (issued?.account) {
    return <IssuedAccountsDialog title={`书记账号已创建（角色：${issued.role}）`} batch={batchOf(issued.account)} scope={d.name} onClose={onClose} />
  }
  return (
    <FormDialog<Values>
      title={`设置书记/委员：${d.name}`}
      initialValues={{ secretaryId: d.secretaryMemberId, committeeIds: d.committeeMemberIds, account: false }}
      onSubmit={async (v) => {
        const chosen = { secretaryId: v.secretaryId ?? null, committeeIds: v.committeeIds ?? [] }
        // The server's flags first; 返回修改 keeps the dialog open with the choice.
        if (!(await confirmFlagged(await checkLeaders(d.id, chosen)))) throw new Error('not confirmed')
        const r = await setLeaders(d.id, { ...chosen, account: !!v.account })
        result.current = r
        if (r.account && !r.account.created) ui.message.info(`已为账号 ${r.account.username} 设置“${r.role}”角色，所在党组织为${d.name}`)
        const former = formerNotice(r, role)
        if (former) ui.message[former.type](former.text)
      }}
      onClose={() => (result.current?.account?.created ? setIssued(result.current) : onClose())}
      onDone={onDone}
      successText="设置成功"
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`从“${d.name}”（含下级组织）的党员中选择；保存后书记和委员的姓名记入组织变动轨迹。`}
      />
      <Form.Item name="secretaryId" label="书记">
        <RemoteSelect search={search} known={known} placeholder="输入姓名或学号/工号搜索本组织党员" emptyText="本组织没有匹配的党员" />
      </Form.Item>
      <Form.Item name="committeeIds" label="委员">
        <RemoteSelect multiple search={search} known={known} placeholder="可选择多名委员" emptyText="本组织没有匹配的党员" />
      </Form.Item>
      {canAccount && role && (
        <Form.Item
          name="account"
          valuePropName="checked"
          label="书记账号"
          extra={`用户名为书记的学号/工号；已有账号的直接关联并授予角色。该账号只能看到“${d.name}”${role === '党支部书记' ? '' : '及其下级组织'}的数据。`}
        >
          <Checkbox>{`为书记创建或关联账号（角色：${role}，所在党组织：${d.name}）`}</Checkbox>
        </Form.Item>
      )}
    </FormDialog>
  )
}
