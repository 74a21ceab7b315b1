import { DownloadOutlined, ExportOutlined } from '@ant-design/icons'
import { Button, Card, Space, Typography } from 'antd'

/** The page the server answers with Swagger UI, and the document it shows (both need apidoc:list). */
export const DOC_PAGE = '/doc.html'
export const DOC_JSON = '/api/doc/openapi.json'

/**
 * 接口文档 (系统监控): the OpenAPI document of every route the server declares — path, method, the
 * permission it needs and its Chinese title — shown by Swagger UI in a frame, in a tab of its own, or
 * downloaded for a client generator.
 */
export default function ApiDocPage() {
  return (
    <Card
      title="接口文档"
      extra={
        <Space>
          <Button icon={<ExportOutlined />} href={DOC_PAGE} target="_blank" rel="noopener">
            新窗口打开
          </Button>
          <Button icon={<DownloadOutlined />} href={DOC_JSON} download="zhdj-openapi.json">
            下载 OpenAPI 文档
          </Button>
        </Space>
      }
      styles={{ body: { padding: 0 } }}
    >
      <Typography.Paragraph type="secondary" style={{ padding: '12px 24px 0' }}>
        由服务端声明的路由生成，列出每个接口的路径、方法、所需权限与中文标题；在文档中只能试调查询类（GET）接口。
      </Typography.Paragraph>
      <iframe title="接口文档" src={DOC_PAGE} style={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 480, border: 0 }} />
    </Card>
  )
}
