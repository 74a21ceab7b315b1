import { UploadOutlined, UserOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Space, Table, Tabs, Tag, Upload, type UploadProps } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { PERM } from '@/api/permissions'
import { endOtherSessions, mySessions, updateAvatar, updateCenter, type CenterBody, type SessionInfo } from '@/api/user'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import PasswordDialog from '@/components/password/PasswordDialog'
import { useHasPermission } from '@/components/Permission'
import { isTrue, useConfigStore } from '@/stores/config'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'
import { isValidEmail, isValidMobile } from '@/utils/validate'
import EmailDialog from './EmailDialog'

/** Gender codes the server accepts (GB/T 2261.1): 1 male, 2 female, 9 not stated. */
const GENDERS = [
  { label: '男', value: '1' },
  { label: '女', value: '2' },
  { label: '未说明', value: '9' },
]

function ProfileForm() {
  const user = useSessionStore((s) => s.user)
  // With the SMS code on, the address changes only through 更换邮箱 (the password and a code to the phone).
  const emailByCode = useConfigStore((s) => isTrue(s.config.smsEnabled))
  const [emailOpen, setEmailOpen] = useState(false)
  const [form] = Form.useForm<CenterBody>()
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    if (user) form.setFieldsValue({ nickName: user.nickName, gender: user.gender, phone: user.phone, email: user.email })
  }, [user, form])

  const save = async (values: CenterBody) => {
    setSaving(true)
    try {
      await updateCenter({ ...values, email: emailByCode ? (user?.email ?? '') : values.email })
      ui.message.success('保存成功')
      await useSessionStore.getState().fetchInfo()
    } catch {
      /* shown by the request pipeline */
    } finally {
      setSaving(false)
    }
  }

  return (
    <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} onFinish={save}>
      <Form.Item label="昵称" name="nickName" rules={[{ required: true, whitespace: true, message: '请输入昵称' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="性别" name="gender">
        <Radio.Group options={GENDERS} />
      </Form.Item>
      <Form.Item
        label="手机号"
        name="phone"
        rules={[{ validator: (_, v: string) => (!v || isValidMobile(v) ? Promise.resolve() : Promise.reject(new Error('请输入正确的手机号码'))) }]}
      >
        <Input maxLength={11} />
      </Form.Item>
      {emailByCode ? (
        <Form.Item label="邮箱">
          <Space.Compact style={{ width: '100%' }}>
            <Input disabled value={user?.email || '未填写'} />
            <Button onClick={() => setEmailOpen(true)}>更换邮箱</Button>
          </Space.Compact>
        </Form.Item>
      ) : (
        <Form.Item
          label="邮箱"
          name="email"
          rules={[{ validator: (_, v: string) => (!v || isValidEmail(v) ? Promise.resolve() : Promise.reject(new Error('请输入正确的邮箱地址'))) }]}
        >
          <Input />
        </Form.Item>
      )}
      <EmailDialog open={emailOpen} onClose={() => setEmailOpen(false)} />
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      </Form.Item>
    </Form>
  )
}

function Sessions() {
  const client = useQueryClient()
  const { data = [], isFetching } = useQuery({ queryKey: ['my-sessions'], queryFn: mySessions })
  const endOthers = () =>
    ui.modal.confirm({
      ...DIALOG_DEFAULTS,
      title: '提示',
      content: '确定让其他设备上的登录全部退出吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await endOtherSessions()
        ui.message.success('其他设备已退出登录')
        await client.invalidateQueries({ queryKey: ['my-sessions'] })
      },
    })
  return (
    <>
      <Button danger onClick={endOthers} disabled={data.filter((s) => !s.current).length === 0} style={{ marginBottom: 12 }}>
        退出其他设备
      </Button>
      <Table<SessionInfo>
        rowKey="id"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        columns={[
          { title: 'IP', dataIndex: 'ip', width: 140 },
          { title: '浏览器', dataIndex: 'userAgent', ellipsis: true },
          { title: '登录时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatTime(v) },
          { title: '最近活动', dataIndex: 'lastSeenTime', width: 170, render: (v: string) => formatTime(v) },
          { title: '', dataIndex: 'current', width: 90, render: (v: boolean) => (v ? <Tag color="green">当前设备</Tag> : null) },
        ]}
      />
    </>
  )
}

/** Personal centre: profile, avatar, password and own sessions. */
export default function UserCenterPage() {
  const user = useSessionStore((s) => s.user)
  const [pwdOpen, setPwdOpen] = useState(false)
  // 个人档案: everyone who keeps one (archive:mine, the member and the staff roles) reaches it from here.
  const hasArchive = useHasPermission([PERM.archiveMine])
  const navigate = useNavigate()
  const [percent, setPercent] = useState<number | null>(null)

  const uploadAvatar: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setPercent(0)
    updateAvatar(file as File, setPercent)
      .then(async (r) => {
        onSuccess?.(r)
        ui.message.success('头像已更新')
        await useSessionStore.getState().fetchInfo()
      }, (e: Error) => onError?.(e))
      .finally(() => setPercent(null))
  }

  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Card title="个人信息" variant="borderless" style={{ marginBottom: 16 }}>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Avatar size={96} src={user?.avatar || undefined} icon={<UserOutlined />} />
            <div style={{ marginTop: 8 }}>
              <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false} customRequest={uploadAvatar}>
                <Button size="small" icon={<UploadOutlined />} loading={percent !== null}>
                  {percent !== null ? `上传中 ${percent}%` : '更换头像'}
                </Button>
              </Upload>
            </div>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="用户名">{user?.username}</Descriptions.Item>
            <Descriptions.Item label="所属部门">{user?.dept?.name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="角色">{user?.roleList?.map((r) => r.name).join('、') || '-'}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatTime(user?.createTime)}</Descriptions.Item>
          </Descriptions>
          <Button block onClick={() => setPwdOpen(true)} style={{ marginTop: 12 }}>
            修改密码
          </Button>
          {hasArchive && (
            <Button block onClick={() => navigate('/user/archives')} style={{ marginTop: 8 }}>
              个人档案
            </Button>
          )}
        </Card>
      </Col>
      <Col xs={24} md={16}>
        <Card variant="borderless">
          <Tabs
            items={[
              { key: 'profile', label: '基本资料', children: <ProfileForm /> },
              { key: 'sessions', label: '登录设备', children: <Sessions /> },
            ]}
          />
        </Card>
      </Col>
      <PasswordDialog open={pwdOpen} onClose={() => setPwdOpen(false)} />
    </Row>
  )
}
