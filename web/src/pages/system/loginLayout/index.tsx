import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Checkbox, Empty, Form, Input, Radio, Space, Spin, Tabs } from 'antd'
import { useEffect, useState } from 'react'
import { uploadFile } from '@/api/file'
import { LIMITS, STYLE_NAMES, VARIANTS, VARIANT_NAMES, type LoginLayout, type Style, type Variant } from '@/api/generated/loginLayout'
import { listLoginLayouts, saveLoginLayout } from '@/api/loginLayout'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import { useFormError, validateOrScroll, withFieldErrors } from '@/components/useFormSubmit'
import ImageField from '@/components/image/ImageField'

const uploadBackground = (file: File, onProgress: (p: number) => void) => uploadFile(file, { moduleName: 'loginLayout', tag: 'background', onProgress })

const METHODS = [
  { value: 'showPassword', label: '账号密码' },
  { value: 'showSms', label: '短信验证码（须在参数设置中启用）' },
  { value: 'showCas', label: '统一身份认证（须在参数设置中启用）' },
] as const

interface Values {
  style: Style
  title: string
  subtitle: string
  notice: string
  backgroundFileId: number | null
  methods: string[]
}

const toValues = (l: LoginLayout): Values => ({
  style: l.style,
  title: l.title,
  subtitle: l.subtitle,
  notice: l.notice,
  backgroundFileId: l.backgroundFileId,
  methods: METHODS.filter((m) => l[m.value]).map((m) => m.value),
})

/** One login path's layout: its form, saved on its own. */
function LayoutForm({ layout, canEdit }: { layout: LoginLayout; canEdit: boolean }) {
  const client = useQueryClient()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const formError = useFormError()
  useEffect(() => form.setFieldsValue(toValues(layout)), [form, layout])

  const save = async () => {
    formError.show(null)
    let v: Values
    try {
      v = await validateOrScroll(form)
    } catch {
      return
    }
    setSaving(true)
    try {
      const body: LoginLayout = {
        ...layout,
        style: v.style,
        title: v.title ?? '',
        subtitle: v.subtitle ?? '',
        notice: v.notice ?? '',
        backgroundFileId: v.backgroundFileId ?? null,
        showPassword: v.methods.includes('showPassword'),
        showSms: v.methods.includes('showSms'),
        showCas: v.methods.includes('showCas'),
      }
      // A refusal naming showPassword (no way of signing in left) is no field here: it shows beside the buttons.
      await withFieldErrors(form, () => saveLoginLayout(body), formError.show)
      ui.message.success('保存成功')
      await client.invalidateQueries({ queryKey: ['login-layouts'] })
    } catch {
      // shown on its field or beside the buttons
    } finally {
      setSaving(false)
    }
  }

  return (
    <Form<Values> form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 16 }} disabled={!canEdit}>
      <Form.Item label="样式" name="style">
        <Radio.Group options={(Object.keys(STYLE_NAMES) as Style[]).map((s) => ({ value: s, label: STYLE_NAMES[s] }))} />
      </Form.Item>
      <Form.Item label="标题" name="title" extra="不填时显示学校的标题（学校信息）">
        <Input maxLength={LIMITS.title} showCount />
      </Form.Item>
      <Form.Item label="副标题" name="subtitle">
        <Input maxLength={LIMITS.subtitle} showCount />
      </Form.Item>
      <Form.Item label="提示文字" name="notice" extra="显示在登录表单下方，如“首次登录请使用学号/工号”">
        <Input.TextArea maxLength={LIMITS.notice} showCount rows={3} />
      </Form.Item>
      <Form.Item label="背景图片" name="backgroundFileId">
        <ImageField emptyText="默认背景" resetText="使用默认背景" upload={uploadBackground} />
      </Form.Item>
      <Form.Item
        label="登录方式"
        name="methods"
        rules={[{ validator: (_, v: string[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error('至少显示一种登录方式'))) }]}
        extra="隐藏账号密码时，登录页仍保留“管理员登录”入口"
      >
        <Checkbox.Group options={METHODS.map((m) => ({ value: m.value, label: m.label }))} />
      </Form.Item>
      {formError.error && (
        <Form.Item wrapperCol={{ offset: 4, span: 16 }}>
          <div ref={formError.ref} tabIndex={-1}>
            <Alert type="error" showIcon message={formError.error} />
          </div>
        </Form.Item>
      )}
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Space>
          {canEdit && (
            <Button type="primary" onClick={save} loading={saving}>
              保存
            </Button>
          )}
          <Button disabled={false} onClick={() => window.open(`${import.meta.env.BASE_URL}${layout.variant}`, '_blank', 'noopener')}>
            预览 /{layout.variant}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  )
}

/** 登录页设置: the layout of each login path (/login, /newlogin, /kclogin, /lylogin, /rjlogin). */
export default function LoginLayoutPage() {
  const canEdit = useHasPermission([PERM.loginLayoutEdit])
  const { data, isLoading, isError } = useQuery({ queryKey: ['login-layouts'], queryFn: listLoginLayouts })
  const [active, setActive] = useState<Variant>('login')
  if (isLoading) return <Spin style={{ display: 'block', margin: 48 }} />
  if (isError || !data) return <Empty description="登录页设置加载失败，请刷新重试" />
  return (
    <Card variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="每个登录地址有自己的样式、文字、背景和登录方式；学校名称和标志在“学校信息”中设置。开启“使用新版登录页”（参数设置）后，未登录时转到 /newlogin。"
      />
      <Tabs
        activeKey={active}
        onChange={(k) => setActive(k as Variant)}
        items={VARIANTS.map((v) => {
          const layout = data.find((l) => l.variant === v)
          return {
            key: v,
            label: `${VARIANT_NAMES[v]} /${v}`,
            children: layout ? <LayoutForm layout={layout} canEdit={canEdit} /> : <Empty description="没有这个登录页" />,
          }
        })}
      />
    </Card>
  )
}
