import { Alert, Form, Input, Modal } from 'antd'
import { getPublicKey } from '@/api/auth'
import { sendEmailCode, updateEmail } from '@/api/user'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import SmsCodeField from '@/components/sms/SmsCodeField'
import { useFormSubmit } from '@/components/useFormSubmit'
import { useSessionStore } from '@/stores/session'
import { encryptPassword } from '@/utils/passwordCipher'
import { isValidEmail } from '@/utils/validate'

interface Values {
  email: string
  password: string
  vercode: string
}

/** 更换邮箱: the new address, the password and a code sent to the account's own phone. */
export default function EmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { form, saving, submit, formError } = useFormSubmit<Values>({
    onSubmit: async (v) => {
      const password = await encryptPassword(await getPublicKey(), v.password)
      await updateEmail(v.vercode.trim(), { password, email: v.email.trim() })
      await useSessionStore.getState().fetchInfo()
    },
    onDone: () => form.resetFields(),
    onClose,
    successText: '邮箱已更换',
  })
  return (
    <Modal {...DIALOG_DEFAULTS} open={open} title="更换邮箱" onOk={submit} confirmLoading={saving} onCancel={onClose} okText="确定" cancelText="取消">
      <Form<Values> form={form} layout="vertical">
        <Form.Item
          label="新邮箱"
          name="email"
          rules={[
            { required: true, whitespace: true, message: '请输入新邮箱' },
            { validator: (_, v: string) => (!v || isValidEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error('请输入正确的邮箱地址'))) },
          ]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item label="登录密码" name="password" rules={[{ required: true, message: '请输入登录密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <SmsCodeField size="middle" onSend={sendEmailCode} />
        {formError.error && (
          <div ref={formError.ref} tabIndex={-1}>
            <Alert type="error" showIcon message={formError.error} />
          </div>
        )}
      </Form>
    </Modal>
  )
}
