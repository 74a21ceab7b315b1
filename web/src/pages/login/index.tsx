import { LockOutlined, SafetyOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons'
import { Button, Card, Checkbox, Divider, Form, Input, Result, Spin, Tabs } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { getCaptcha, type Captcha } from '@/api/auth'
import type { LoginLayoutView } from '@/api/generated/loginLayout'
import { getLoginLayout, variantOf } from '@/api/loginLayout'
import { SCHOOL_LOGO_URL } from '@/api/system'
import { safeRedirect } from '@/app/router/guard'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import { isTrue, useConfigStore } from '@/stores/config'
import { brandTitle } from '@/utils/title'
import { useSessionStore } from '@/stores/session'
import { casLoginUrl, rememberedUsername, rememberUsername } from './service'
import SmsLoginForm from './SmsLoginForm'

interface Values {
  username: string
  password: string
  code?: string
  rememberMe: boolean
}

/** Shared by every login path (/login, /newlogin, /kclogin, …); /salogin only shows progress. */
export default function LoginPage() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const school = useConfigStore((s) => s.school)
  const config = useConfigStore((s) => s.config)
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [loading, setLoading] = useState(false)
  const [form] = Form.useForm<Values>()
  // The path's layout (登录页设置): its style, texts, background and the ways of signing in it shows.
  const [layout, setLayout] = useState<LoginLayoutView | null>(null)
  const variant = variantOf(pathname)
  useEffect(() => {
    if (pathname === '/salogin') return
    let live = true
    getLoginLayout(variant).then(
      (l) => live && setLayout(l),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [pathname, variant])
  const cas = isTrue(config.casEnabled) && layout?.showCas !== false
  const sms = isTrue(config.smsEnabled) && layout?.showSms !== false
  // While the central sign-on is on the school may keep passwords for administrators only; a layout may
  // hide the password form too (then 管理员登录 still opens it).
  const passwordKept = (!isTrue(config.casEnabled) || config.casPasswordLogin !== 'false') && layout?.showPassword !== false
  const [showPassword, setShowPassword] = useState(false)
  const casError = pathname === '/salogin' ? params.get('error') : null
  // Opened inside WeLink with its authorisation code: sign in with it (WeLink 免登), else the form.
  const weLinkCode = isTrue(config.welinkEnabled) && pathname !== '/salogin' ? params.get('code') : null
  const [weLinkFailed, setWeLinkFailed] = useState(false)
  useDocumentTitle(pathname === '/salogin' ? '正在登录' : '登录')

  const refreshCaptcha = useCallback(() => {
    getCaptcha().then(setCaptcha, () => setCaptcha(null))
  }, [])
  useEffect(() => {
    if (pathname !== '/salogin') refreshCaptcha()
  }, [pathname, refreshCaptcha])
  // /salogin without an outcome starts the central sign-on; the server sends the browser on to CAS.
  useEffect(() => {
    if (pathname === '/salogin' && !casError) window.location.assign(casLoginUrl(safeRedirect(params.get('redirect'))))
  }, [pathname, casError, params])

  // A code is good once: the effect must not run it twice (StrictMode runs effects twice in development).
  const weLinkTried = useRef<string | null>(null)
  useEffect(() => {
    if (!weLinkCode || weLinkTried.current === weLinkCode) return
    weLinkTried.current = weLinkCode
    useSessionStore
      .getState()
      .loginWithWeLink(weLinkCode)
      .then(
        () => navigate(safeRedirect(params.get('redirect')), { replace: true }),
        () => setWeLinkFailed(true), // the reason came through the request pipeline
      )
  }, [weLinkCode, navigate, params])

  if (weLinkCode && !weLinkFailed) {
    return (
      <div className="login-page">
        <Spin size="large" />
        <p style={{ color: '#fff', marginTop: 16 }}>正在通过 WeLink 登录</p>
      </div>
    )
  }

  if (pathname === '/salogin') {
    return (
      <div className="login-page">
        {casError ? (
          <Card className="login-card">
            <Result
              status="warning"
              title="统一身份认证登录未成功"
              subTitle={casError}
              extra={
                <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
                  返回登录页
                </Button>
              }
            />
          </Card>
        ) : (
          <>
            <Spin size="large" />
            <p style={{ color: '#fff', marginTop: 16 }}>正在登录</p>
          </>
        )}
      </div>
    )
  }

  const done = () => navigate(safeRedirect(params.get('redirect')), { replace: true })
  const onFinish = async (v: Values) => {
    setLoading(true)
    try {
      await useSessionStore.getState().login({
        username: v.username,
        password: v.password,
        code: v.code ?? '',
        uuid: captcha?.uuid ?? '',
        rememberMe: v.rememberMe,
      })
      rememberUsername(v.username.trim(), v.rememberMe)
      done()
    } catch {
      // The message came through the request pipeline; a captcha is single-use, so fetch a new one.
      form.setFieldValue('code', '')
      refreshCaptcha()
    } finally {
      setLoading(false)
    }
  }

  const passwordForm = (
    <Form<Values>
      form={form}
      size="large"
      onFinish={onFinish}
      initialValues={{ username: rememberedUsername(), rememberMe: !!rememberedUsername() }}
      autoComplete="on"
    >
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
        <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      {captcha?.enabled && (
        <Form.Item>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
              <Input prefix={<SafetyOutlined />} placeholder="验证码" autoComplete="off" />
            </Form.Item>
            <img className="login-captcha" src={captcha.img} alt="验证码" title="看不清？点击刷新" onClick={refreshCaptcha} />
          </div>
        </Form.Item>
      )}
      <Form.Item name="rememberMe" valuePropName="checked">
        <Checkbox>记住我</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {loading ? '登录中…' : '登 录'}
      </Button>
    </Form>
  )
  const title = layout?.title || brandTitle(school)
  const footer = school?.footer || ''
  const passwordShown = passwordKept || showPassword
  const split = layout?.style === 'split'
  const background = layout?.backgroundUrl ? { backgroundImage: `url(${layout.backgroundUrl})` } : undefined
  return (
    <div className={split ? 'login-page login-split' : 'login-page'} style={background}>
      {split && (
        <div className="login-split-banner">
          <h1>{title}</h1>
          {layout?.subtitle && <p>{layout.subtitle}</p>}
        </div>
      )}
      <Card className="login-card">
        <div className="login-brand">
          <img src={SCHOOL_LOGO_URL} alt="" />
          <h1>{split ? brandTitle(school) : title}</h1>
        </div>
        {!split && layout?.subtitle && <p className="login-subtitle-text">{layout.subtitle}</p>}
        {cas && (
          <>
            <Button
              type="primary"
              size="large"
              block
              icon={<SafetyCertificateOutlined />}
              onClick={() => window.location.assign(casLoginUrl(safeRedirect(params.get('redirect'))))}
            >
              统一身份认证登录
            </Button>
            {(passwordShown || sms) && <Divider plain>{passwordKept ? '或使用账号密码' : showPassword ? '管理员账号密码登录' : '或'}</Divider>}
          </>
        )}
        {passwordShown && sms ? (
          <Tabs
            centered
            items={[
              { key: 'password', label: '账号登录', children: passwordForm },
              { key: 'sms', label: '短信登录', children: <SmsLoginForm onDone={done} /> },
            ]}
          />
        ) : passwordShown ? (
          passwordForm
        ) : (
          sms && <SmsLoginForm onDone={done} />
        )}
        {!passwordShown && (
          <div className="login-admin-link">
            <Button type="link" size="small" onClick={() => setShowPassword(true)}>
              管理员登录
            </Button>
          </div>
        )}
        {sms && (
          <div className="login-links">
            <Button type="link" size="small" onClick={() => navigate('/resetPass')}>
              忘记密码
            </Button>
            {isTrue(config.smsRegisterEnabled) && (
              <Button type="link" size="small" onClick={() => navigate('/register')}>
                注册账号
              </Button>
            )}
          </div>
        )}
        {layout?.notice && <div className="login-notice">{layout.notice}</div>}
      </Card>
      <div className="login-footer">
        {footer ? (
          footer.split('\n').map((line) => <div key={line}>{line}</div>)
        ) : (
          // footerHtml is sanitised by the server (bluemonday) before it is stored.
          config.footerHtml && <div dangerouslySetInnerHTML={{ __html: config.footerHtml }} />
        )}
        {config.filingNumber && <div>{config.filingNumber}</div>}
      </div>
    </div>
  )
}
