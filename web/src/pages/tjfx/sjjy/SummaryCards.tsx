import { Card, Col, Row, Statistic, Tag, theme, Tooltip, Typography } from 'antd'
import type { CheckKind, KindCount, Summary } from './api'

/** The colour of each kind's tag, in the cards and the list alike. */
export const KIND_COLORS: Record<CheckKind, string> = { missing: 'orange', underage: 'red', future: 'magenta', overdue: 'gold' }

export function KindTag({ kind, name }: { kind: CheckKind; name: string }) {
  return <Tag color={KIND_COLORS[kind]}>{name}</Tag>
}

function KindCard({ k, active, onClick }: { k: KindCount; active: boolean; onClick: () => void }) {
  const { token } = theme.useToken()
  return (
    <Card
      size="small"
      hoverable
      role="button"
      tabIndex={0}
      aria-pressed={active}
      aria-label={`${k.name} ${k.count}人`}
      onClick={onClick}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onClick())}
      style={{ height: '100%', borderColor: active ? token.colorPrimary : undefined, background: active ? token.colorPrimaryBg : undefined }}
    >
      <Statistic title={<KindTag kind={k.kind} name={k.name} />} value={k.count} suffix="人" styles={k.count > 0 ? { content: { color: token.colorError } } : undefined} />
      <Tooltip title={k.explain}>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '8px 0 0', fontSize: 12 }}>
          {k.explain}
        </Typography.Paragraph>
      </Tooltip>
    </Card>
  )
}

/**
 * The totals of the scope (or the organisation chosen) and a card per kind with its count: clicking a card
 * filters the issues list by its kind, clicking the active one again shows every kind.
 */
export default function SummaryCards({ summary: s, kind, onKind }: { summary: Summary; kind: CheckKind | null; onKind: (k: CheckKind | null) => void }) {
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title="纳入统计的党员" value={s.members} suffix="人" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="存在问题的党员" value={s.withIssues} suffix="人" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="信息完整率" value={s.rate} precision={1} suffix="%" />
        </Col>
        <Col xs={12} md={6}>
          <Typography.Text type="secondary">校验日期：{s.today}（正常状态的正式党员和预备党员）</Typography.Text>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {s.kinds.map((k) => (
          <Col key={k.kind} xs={24} sm={12} xl={6}>
            <KindCard k={k} active={kind === k.kind} onClick={() => onKind(kind === k.kind ? null : k.kind)} />
          </Col>
        ))}
      </Row>
    </>
  )
}
