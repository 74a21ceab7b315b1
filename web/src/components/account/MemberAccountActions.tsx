import { Button, Form, Space } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { confirmAction } from '@/components/crud/confirm'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { searchUsers } from '@/components/UserPicker'
import IssuedAccountsDialog from './IssuedAccountsDialog'
import { batchOf, linkAccount, unlinkAccount, type AccountOutcome } from './service'

interface Props {
  member: { id: number; name: string; staffOrStudentNo: string; account?: string }
  /** After a change: the detail shows the new link. */
  onChanged: () => void
}

const searchAccounts = (text: string) =>
  searchUsers(text ? { blurry: text } : {}).then((p) => p.content.map((u) => ({ value: u.id, label: `${u.nickName || u.username}（${u.username}）` })))

/** The member's account actions (dy:account): make or link one, link a chosen one, or unlink it. */
export default function MemberAccountActions({ member: m, onChanged }: Props) {
  const canLink = useHasPermission([PERM.dyAccount])
  const canPick = useHasPermission([PERM.userList])
  const [picking, setPicking] = useState(false)
  const [made, setMade] = useState<AccountOutcome | null>(null)
  if (!canLink) return null

  const done = (o: AccountOutcome) => {
    if (o.created) setMade(o)
    else ui.message.success(`已关联账号 ${o.username}`)
    onChanged()
  }
  const issue = () =>
    confirmAction(
      `按学号/工号“${m.staffOrStudentNo || '（未填写）'}”为“${m.name}”创建账号（角色：党员）；已有该用户名的账号则直接关联。`,
      async () => done(await linkAccount(m.id)),
      '操作成功',
    )
  const unlink = () =>
    confirmAction(`确定解除“${m.name}”与账号 ${m.account} 的关联吗？账号本身保留，可在用户管理中停用。`, () => unlinkAccount(m.id).then(onChanged), '已解除关联', true)

  return (
    <>
      {m.account ? (
        <Button danger onClick={() => void unlink()}>
          解除账号关联
        </Button>
      ) : (
        <Space>
          <Button onClick={() => void issue()}>创建/关联账号</Button>
          {canPick && <Button onClick={() => setPicking(true)}>关联已有账号</Button>}
        </Space>
      )}
      {picking && (
        <FormDialog<{ userId: number }>
          title={`关联已有账号：${m.name}`}
          onSubmit={async (v) => done(await linkAccount(m.id, v.userId))}
          onClose={() => setPicking(false)}
          successText="已关联"
        >
          <Form.Item name="userId" label="账号" rules={[{ required: true, message: '请选择账号' }]} extra="该账号将获得“党员”角色">
            <RemoteSelect search={searchAccounts} placeholder="输入姓名或用户名搜索" emptyText="没有匹配的账号" />
          </Form.Item>
        </FormDialog>
      )}
      {made && <IssuedAccountsDialog title="账号已创建" batch={batchOf(made)} onClose={() => setMade(null)} />}
    </>
  )
}
