import { Tag } from 'antd'
import { PERM } from '@/api/permissions'
import { defineResource, ResourcePage } from '@/components/crud'
import { logTimeField, RESULT_OPTIONS, userAgentField } from '../fields'
import { fetchLoginLogs } from './service'
import type { LoginLog } from './types'

const loginLogs = defineResource<LoginLog>({
  key: 'login-log',
  noun: '登录日志',
  api: { fetch: fetchLoginLogs },
  keyword: '用户名、IP 或说明',
  scrollX: 1100,
  permissions: { export: PERM.logExport },
  export: { url: '/api/logs/login/export', fileName: '登录日志.xlsx' },
  fields: [
    { name: 'username', label: '用户名', width: 150, search: { placeholder: '完整用户名' } },
    {
      name: 'success',
      label: '结果',
      type: 'select',
      options: RESULT_OPTIONS,
      width: 80,
      search: { single: true },
      render: (ok: boolean) => (ok ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>),
    },
    { name: 'message', label: '说明' },
    { name: 'ip', label: 'IP', width: 140 },
    userAgentField<LoginLog>(),
    logTimeField<LoginLog>(),
  ],
})

/** 登录日志: every sign-in attempt with its outcome (a failure's real reason: 用户不存在, 密码错误, 账号已锁定), newest first. */
export default function LoginLogPage() {
  return <ResourcePage resource={loginLogs} />
}
