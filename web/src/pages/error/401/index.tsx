import { Button, Result, Space } from 'antd'
import { Link, useNavigate } from 'react-router'
import { useDocumentTitle } from '@/app/useDocumentTitle'

/** Where a 403 answer sends the user. */
export default function ForbiddenPage() {
  const navigate = useNavigate()
  useDocumentTitle('401')
  return (
    <Result
      status="403"
      title="401"
      subTitle="抱歉，您没有访问权限，请联系管理员。"
      extra={
        <Space>
          <Button onClick={() => navigate(-1)}>返回</Button>
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        </Space>
      }
    />
  )
}
