import { Tag } from 'antd'
import { ResourcePage } from '@/components/crud'
import { logResource, RESULT_OPTIONS } from '../fields'
import ChainVerify from '../log/ChainVerify'
import type { LoginLog } from './types'

/** Filters: blurry, username, success, createTimeFrom/To. */
const loginLogs = logResource<LoginLog>({
  key: 'login-log',
  noun: '登录日志',
  url: '/api/logs/login',
  keyword: '用户名、IP 或说明',
  scrollX: 1100,
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
  ],
})

/** 登录日志: every sign-in attempt with its outcome (a failure's real reason: 用户不存在, 密码错误, 账号已锁定), newest first. */
export default function LoginLogPage() {
  return <ResourcePage resource={loginLogs} toolbar={<ChainVerify />} />
}
