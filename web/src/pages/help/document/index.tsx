import { PrinterOutlined } from '@ant-design/icons'
import { Anchor, Button, Card, Col, Empty, Row, Skeleton, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { get } from '@/api/request'
import RichText from '@/components/RichTextEditor/RichText'

/** A section of the caller's manual (GET /api/bzwd/mine). */
export interface ManualSection {
  id: number
  title: string
  body: string
}

const anchorOf = (id: number) => `help-section-${id}`

/** 帮助文档: the manual for the caller's roles, with a table of contents; printable. */
export default function HelpDocument() {
  const { data, isLoading } = useQuery({ queryKey: ['bzwd', 'mine'], queryFn: () => get<ManualSection[]>('/api/bzwd/mine') })
  if (isLoading) return <Skeleton active paragraph={{ rows: 10 }} />
  const sections = data ?? []
  if (sections.length === 0) return <Empty description="暂无适用于您角色的帮助文档，请联系组织部维护" />
  return (
    <Row gutter={24}>
      <Col xs={0} md={6} className="no-print">
        <Anchor
          offsetTop={80}
          items={sections.map((s) => ({ key: s.id, href: `#${anchorOf(s.id)}`, title: s.title }))}
          getContainer={() => window}
        />
      </Col>
      <Col xs={24} md={18}>
        <Card
          title="帮助文档"
          extra={
            <Button icon={<PrinterOutlined />} className="no-print" onClick={() => window.print()}>
              打印
            </Button>
          }
        >
          {sections.map((s) => (
            <section key={s.id} id={anchorOf(s.id)} style={{ marginBottom: 32 }}>
              <Typography.Title level={3}>{s.title}</Typography.Title>
              <RichText html={s.body} empty="" />
            </section>
          ))}
        </Card>
      </Col>
    </Row>
  )
}
