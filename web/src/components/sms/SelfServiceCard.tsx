import { Button, Card } from 'antd'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { SCHOOL_LOGO_URL } from '@/api/system'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import { useConfigStore } from '@/stores/config'
import { brandTitle } from '@/utils/title'

/** The sign-in pages' card for the SMS self-service pages (注册账号, 找回密码), with the way back to the sign-in. */
export default function SelfServiceCard({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate()
  const school = useConfigStore((s) => s.school)
  useDocumentTitle(title)
  return (
    <div className="login-page">
      <Card className="login-card">
        <div className="login-brand">
          <img src={SCHOOL_LOGO_URL} alt="" />
          <h1>{brandTitle(school)}</h1>
        </div>
        <h2 className="login-subtitle">{title}</h2>
        {children}
        <div className="login-links">
          <Button type="link" size="small" onClick={() => navigate('/login')}>
            返回登录
          </Button>
        </div>
      </Card>
    </div>
  )
}
