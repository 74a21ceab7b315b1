import { SendOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Form, Input, Radio, Switch } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import UserPicker from '@/components/UserPicker'
import { sendMessage, sendTodo } from './service'
import type { NoticeForm } from './types'

/** The server's link rule: empty, a site path ("/party/member?id=1") or an http(s) address. */
export function isValidNoticeLink(link: string): boolean {
  const v = link.trim()
  if (!v) return true
  // eslint-disable-next-line no-control-regex -- control characters are exactly what the link rule refuses
  if (/[\u0000-\u001f\u007f]/.test(v)) return false
  if (v.startsWith('/')) return !v.startsWith('//')
  try {
    const u = new URL(v)
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.host
  } catch {
    return false
  }
}

const KINDS = [
  { label: '消息通知', value: 'message' },
  { label: '待办事项', value: 'todo' },
]

/** 消息发布: send a message or a to-do to chosen users. */
export default function MessageAdminPage() {
  const [form] = Form.useForm<NoticeForm>()
  const kind = Form.useWatch('kind', form) ?? 'message'
  const canSend = useHasPermission([PERM.msgAdd])
  const canPick = useHasPermission([PERM.userList])
  const [sending, setSending] = useState(false)

  const send = (v: NoticeForm) => {
    const base = { title: v.title.trim(), content: v.content?.trim() ?? '', link: v.link?.trim() ?? '', userIds: v.users.map((u) => u.value) }
    const what = v.kind === 'todo' ? '待办' : '消息'
    ui.modal.confirm({
      ...DIALOG_DEFAULTS,
      title: '提示',
      content: `确定向 ${base.userIds.length} 人发送${what}“${base.title}”吗？发送后不能撤回。`,
      okText: '发送',
      cancelText: '取消',
      onOk: async () => {
        setSending(true)
        try {
          const r = v.kind === 'todo' ? await sendTodo(base) : await sendMessage({ ...base, isRemind: !!v.isRemind })
          ui.message.success(`${what}已发送给 ${r.count} 人`)
          form.resetFields()
        } catch {
          /* shown by the request pipeline; the form keeps its values */
        } finally {
          setSending(false)
        }
      },
    })
  }

  return (
    <Card variant="borderless" title="消息发布">
      {!canPick && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="选择接收人需要用户查询权限（user:list），请联系管理员。" />}
      <Form<NoticeForm>
        form={form}
        labelCol={{ span: 3 }}
        wrapperCol={{ span: 16 }}
        initialValues={{ kind: 'message', isRemind: false, users: [], link: '', content: '' }}
        onFinish={send}
        autoComplete="off"
      >
        <Form.Item label="类型" name="kind">
          <Radio.Group options={KINDS} optionType="button" />
        </Form.Item>
        <Form.Item
          label="接收人"
          name="users"
          rules={[
            { required: true, type: 'array', min: 1, message: '请选择接收人' },
            { type: 'array', max: 10000, message: '一次最多发送给 10000 人' },
          ]}
        >
          {canPick ? <UserPicker /> : <Input disabled placeholder="无权选择接收人" />}
        </Form.Item>
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: 200, message: '标题不能超过 200 个字' },
          ]}
        >
          <Input placeholder="请输入标题" maxLength={200} showCount />
        </Form.Item>
        <Form.Item label="内容" name="content" rules={[{ max: 5000, message: '内容不能超过 5000 个字' }]}>
          <Input.TextArea rows={6} placeholder="请输入内容" maxLength={5000} showCount />
        </Form.Item>
        <Form.Item
          label="链接"
          name="link"
          extra={kind === 'todo' ? '接收人点击待办后打开的页面' : '接收人点击消息后打开的页面'}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                isValidNoticeLink(v ?? '') ? Promise.resolve() : Promise.reject(new Error('链接须为以 / 开头的站内路径或 http(s) 地址')),
            },
          ]}
        >
          <Input placeholder="可不填，如 /dyjbxx/detail?id=1" />
        </Form.Item>
        {kind === 'message' && (
          <Form.Item label="设为提醒" name="isRemind" valuePropName="checked" extra="开启后计入接收人顶栏的提醒角标">
            <Switch />
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ offset: 3 }}>
          {canSend && (
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} disabled={!canPick}>
              发送
            </Button>
          )}
          <Button style={{ marginLeft: 8 }} onClick={() => form.resetFields()}>
            重置
          </Button>
        </Form.Item>
      </Form>
    </Card>
  )
}
