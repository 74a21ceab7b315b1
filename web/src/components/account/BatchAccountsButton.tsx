import { UserAddOutlined } from '@ant-design/icons'
import { Alert, Button, Form } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import Permission from '@/components/Permission'
import IssuedAccountsDialog from './IssuedAccountsDialog'
import { batchAccounts, type AccountBatch } from './service'

interface Props {
  /** After the batch: the list shows the links. */
  onDone: () => void
}

/** 批量创建账号 of the member base: accounts for a branch, a college or the whole scope in one action. */
export default function BatchAccountsButton({ onDone }: Props) {
  const [asking, setAsking] = useState(false)
  const [result, setResult] = useState<{ batch: AccountBatch; scope?: string } | null>(null)
  return (
    <Permission need={[PERM.dyAccount]}>
      <Button icon={<UserAddOutlined />} onClick={() => setAsking(true)}>
        批量创建账号
      </Button>
      {asking && (
        <FormDialog<{ orgId?: number | null }>
          title="批量创建党员账号"
          width={620}
          onSubmit={async (v) => setResult({ batch: await batchAccounts(v.orgId ?? null) })}
          onClose={() => setAsking(false)}
          onDone={onDone}
          successText="处理完成"
        >
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="为所选党组织（含下级）状态正常的党员创建账号"
            description="用户名为党员的学号/工号，角色为“党员”，所在党组织为党员所在支部，每人一个随机初始密码（首次登录须修改）。学号/工号已有账号的直接关联，已关联账号的党员、没有学号/工号的党员跳过并说明原因。"
          />
          <Form.Item name="orgId" label="党组织" extra="不选则为您管理的全部党组织">
            <OrgTreeSelect placeholder="支部、学院党委或学校党委" />
          </Form.Item>
        </FormDialog>
      )}
      {result && <IssuedAccountsDialog title="批量创建账号结果" batch={result.batch} onClose={() => setResult(null)} />}
    </Permission>
  )
}
