import { Alert, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { getPublicKey } from '@/api/auth'
import { updatePass, updatePassByAdmin } from '@/api/user'
import { DIALOG_DEFAULTS, navigateTo, ui } from '@/app/bridge'
import { useConfigStore } from '@/stores/config'
import { useSessionStore } from '@/stores/session'
import { encryptPassword } from '@/utils/passwordCipher'
import { passwordRules } from './rules'

export const FORCED_TITLE = '为了您的账号安全，请修改账号密码后再使用系统！'
export const OWN_CHANGED = '密码修改成功，请重新登录'
export const OTHER_CHANGED = '密码修改成功'
/** Delay before the automatic logout after an own change, so the message can be read. */
export const LOGOUT_DELAY = 1500

interface Props {
  open: boolean
  /** Change another user's password (admin); omitted = the caller's own. */
  username?: string
  /** The forced dialog: fixed title, no close button, no cancel. */
  forced?: boolean
  reason?: string
  /** Where the sign-in after an own change leads back to (a public page's path and query); omitted: the app. */
  returnTo?: string
  onClose: () => void
}

interface Values {
  oldPass?: string
  newPass: string
  confirmPass: string
}

const REASONS: Record<string, string> = {
  initial: '当前为初始密码',
  reset: '密码已被管理员重置',
  weak: '当前密码不符合密码规则',
}

export default function PasswordDialog({ open, username, forced = false, reason, returnTo, onClose }: Props) {
  const [form] = Form.useForm<Values>()
  const [loading, setLoading] = useState(false)
  const config = useConfigStore((s) => s.config)
  const me = useSessionStore((s) => s.user?.username)
  const rules = passwordRules(config.passwordReg, config.passwordRegTip)
  const own = !username

  const submit = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return // the form shows the field errors
    }
    setLoading(true)
    try {
      const key = await getPublicKey()
      if (own) {
        await updatePass({ oldPass: await encryptPassword(key, values.oldPass ?? ''), newPass: await encryptPassword(key, values.newPass) })
        ui.message.success(OWN_CHANGED)
        setTimeout(() => {
          void useSessionStore
            .getState()
            .logout()
            .then(() => navigateTo(returnTo ? `/login?redirect=${encodeURIComponent(returnTo)}` : '/login', true))
        }, LOGOUT_DELAY)
      } else {
        await updatePassByAdmin({ username, newPass: await encryptPassword(key, values.newPass) })
        ui.message.success(OTHER_CHANGED)
      }
      form.resetFields()
      onClose()
    } catch {
      // The request pipeline already showed the server's message; the dialog stays open.
    } finally {
      setLoading(false)
    }
  }

  return (
    <Modal
      {...DIALOG_DEFAULTS}
      open={open}
      width={700}
      title={forced ? FORCED_TITLE : own ? '修改密码' : `修改密码：${username}`}
      closable={!forced}
      okText="确认"
      cancelText="取消"
      footer={forced ? (_, { OkBtn }) => <OkBtn /> : undefined}
      confirmLoading={loading}
      onOk={submit}
      onCancel={forced ? undefined : onClose}
      forceRender
    >
      {forced && reason && REASONS[reason] && <Alert type="warning" showIcon title={REASONS[reason]} style={{ marginBottom: 16 }} />}
      <Form form={form} labelCol={{ span: 4 }} autoComplete="off">
        {/* Lets password managers tie the change to the right account. */}
        <input type="text" name="username" autoComplete="username" value={username ?? me ?? ''} readOnly hidden />
        {own && (
          <Form.Item label="旧密码" name="oldPass" rules={rules.oldPass}>
            <Input.Password autoComplete="current-password" placeholder="请输入旧密码" />
          </Form.Item>
        )}
        <Form.Item label="新密码" name="newPass" rules={rules.newPass} extra={config.passwordRegTip}>
          <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
        </Form.Item>
        <Form.Item label="确认密码" name="confirmPass" dependencies={['newPass']} rules={rules.confirmPass}>
          <Input.Password autoComplete="new-password" placeholder="请再次输入密码" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
