import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Descriptions, Empty, List, Result, Row, Space, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import type { MessageItem } from '@/api/message'
import type { Page } from '@/api/request'
import type { Member } from '@/components/member/types'
import WorkCard from '@/components/message/WorkCard'
import { PageSkeleton } from '@/components/LoadingSkeleton'
import RecordLink from '@/components/RecordLink'
import ChangeTrail from '@/components/trail/ChangeTrail'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'
import { MY_DEVELOPMENT_PATH } from './Priorities'
import Priorities from './Priorities'
import { NOT_LINKED } from './notLinked'
import { memberHome, ownTrailPage, type MyPoints, type OrgCard } from './service'

export { NOT_LINKED }

/** DJ_DY_DJZTXX 预备党员 (member.PartyProbation). */
const PARTY_PROBATION = '2'

/** Descriptions lay out in one column on a phone, two from a tablet up. */
const COLUMNS = { xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 3 }

const text = (v: string | null | undefined) => v || <Typography.Text type="secondary">未填写</Typography.Text>

/** 我的信息: the member's own record as the server answers it, ID number and phone masked. */
function MyRecord({ m }: { m: Member }) {
  return (
    <Card title="我的信息" variant="borderless" style={{ marginBottom: 16 }} extra={<Typography.Text type="secondary">身份证号码、手机号码已脱敏</Typography.Text>}>
      <Descriptions
        size="small"
        column={COLUMNS}
        items={[
          { key: 'name', label: '姓名', children: m.name },
          { key: 'gender', label: '性别', children: text(m.genderLabel) },
          { key: 'no', label: '学号/工号', children: text(m.staffOrStudentNo) },
          { key: 'account', label: '账号', children: text(m.account) },
          { key: 'idNumber', label: '身份证号码', children: text(m.idNumber) },
          { key: 'phone', label: '手机号码', children: text(m.phone) },
          { key: 'birth', label: '出生日期', children: text(m.birthDate) },
          { key: 'category', label: '人员类别', children: text(m.personCategoryLabel) },
          { key: 'party', label: '党籍状态', children: text(m.partyStatusLabel) },
          { key: 'status', label: '党员状态', children: text(m.memberStatusLabel) },
          { key: 'applied', label: '申请入党日期', children: text(m.appliedOn) },
          { key: 'joined', label: '入党日期', children: text(m.joinedOn) },
          {
            key: 'full',
            label: '转正日期',
            // A probationary member has no 转正日期 yet: where their probation stands is on 我的发展.
            children: m.fullOn || (m.partyStatus === PARTY_PROBATION ? <Link to={MY_DEVELOPMENT_PATH}>预备期中，查看我的发展</Link> : text('')),
          },
          { key: 'unit', label: '所在单位', children: text(m.unitName) },
          { key: 'org', label: '所在党组织', children: m.orgName },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
        信息有误请联系所在党支部书记或党务管理员更正。
      </Typography.Paragraph>
    </Card>
  )
}

/** 所在党组织: where the member's organisation sits and who leads it. */
function MyOrg({ o }: { o: OrgCard }) {
  return (
    <Card title="所在党组织" variant="borderless" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="org-name">
        {o.name} <Tag>{o.typeLabel}</Tag>
        {!o.live && <Tag color="red">已撤销</Tag>}
      </Typography.Title>
      {o.pathNames.length > 1 && (
        <Typography.Paragraph type="secondary" data-testid="org-path">
          {o.pathNames.join(' › ')}
        </Typography.Paragraph>
      )}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'secretary', label: '书记', children: text(o.secretaryName) },
          {
            key: 'committee',
            label: '委员',
            children: o.committee.length > 0 ? (
              <Space wrap size={[4, 4]}>
                {o.committee.map((n, i) => (
                  <Tag key={`${n}-${i}`}>{n}</Tag>
                ))}
              </Space>
            ) : (
              text('')
            ),
          },
          { key: 'term', label: '本届任期', children: o.termStart ? `${o.termStart} 至 ${o.termEnd ?? ''}` : text('') },
          { key: 'phone', label: '联系电话', children: text(o.contactPhone) },
        ]}
      />
    </Card>
  )
}

/** 党务新闻: the unread news and articles, linking to the member's reader page. */
function UnreadNewsCard({ news, articles }: { news: number; articles: number }) {
  return (
    <Card title="党务新闻" variant="borderless" style={{ marginBottom: 16 }} extra={<Link to="/list-home/news">查看</Link>}>
      <Typography.Text data-testid="unread-news">
        {news + articles > 0 ? `未读新闻 ${news} 篇，未读文章 ${articles} 篇` : '已全部阅读'}
      </Typography.Text>
    </Card>
  )
}

/** 我的积分: the year's total and the latest entries, each naming its source (a meeting attended …). */
function MyPointsCard({ p }: { p: MyPoints }) {
  return (
    <Card title={`我的积分（${p.year}年）`} variant="borderless" style={{ marginBottom: 16 }}
      extra={<Typography.Text strong data-testid="my-points-total">{p.total}分</Typography.Text>}>
      {p.entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本年度暂无积分：参加组织生活、按时交纳党费、完成线上学习后自动记入，志愿服务和表彰经支部申报、上级党委审核后记入" />
      ) : (
        <List
          size="small"
          dataSource={p.entries}
          renderItem={(e) => (
            <List.Item key={e.id} extra={<Tag color={e.points >= 0 ? 'green' : 'red'}>{e.points > 0 ? `+${e.points}` : e.points}</Tag>}>
              <List.Item.Meta title={e.text} description={`${e.kindName} · ${formatTime(e.createTime, 'YYYY-MM-DD HH:mm')}`} />
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}

/** 我的消息: the newest unread messages; the message centre has them all. */
function MyMessages({ messages }: { messages: Page<MessageItem> }) {
  return (
    <Card title={`未读消息（${messages.totalElements}）`} variant="borderless" style={{ marginBottom: 16 }} extra={<Link to="/message/msginfo?tab=message">全部消息</Link>}>
      {messages.content.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />
      ) : (
        <List
          size="small"
          dataSource={messages.content}
          renderItem={(m) => (
            <List.Item key={m.id} actions={[<RecordLink key="open" link={m.link} />]}>
              <List.Item.Meta
                title={m.title}
                description={[formatTime(m.createTime, 'YYYY-MM-DD HH:mm'), m.senderName && `发送人：${m.senderName}`].filter(Boolean).join(' · ')}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}

/**
 * 党员首页 (spec §2, dy:home): the signed-in member's own record (masked), their organisation with
 * its secretary and committee, their to-dos and unread messages, and the change trail of their
 * record. Everything comes from GET /api/dyHome, which answers the caller's own data only.
 */
export default function MemberHomePage() {
  const user = useSessionStore((s) => s.user)
  const q = useQuery({ queryKey: ['dyHome'], queryFn: memberHome })
  if (q.isLoading) return <PageSkeleton />
  if (q.isError || !q.data)
    return (
      <Result
        status="warning"
        title="党员首页加载失败"
        extra={
          <Button type="primary" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    )
  const h = q.data
  const m = h.member
  return (
    <div className="member-home">
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          您好，{m?.name || user?.nickName || user?.username}
        </Typography.Title>
        <Typography.Text type="secondary">{m ? `${m.orgName} · ${m.partyStatusLabel || '党员'}` : '党员首页'}</Typography.Text>
      </Card>
      {!m && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={NOT_LINKED} description="关联后，这里将显示您的党员信息、所在党组织和变动记录。" />}
      {/* What needs doing first: fees due, a transfer under way, the next development step, the to-dos. */}
      <Row gutter={16}>
        <Col xs={24} lg={m ? 14 : 24}>
          {m && <Priorities />}
        </Col>
        <Col xs={24} lg={m ? 10 : 24}>
          <WorkCard title="我的待办" />
        </Col>
      </Row>
      <Row gutter={16}>
        {m && (
          <Col xs={24} lg={14}>
            <MyRecord m={m} />
            <Card title="我的变动记录" variant="borderless" style={{ marginBottom: 16 }}>
              <ChangeTrail queryKey={['trail', 'dyHome']} fetch={ownTrailPage} sentences />
            </Card>
          </Col>
        )}
        <Col xs={24} lg={m ? 10 : 24}>
          {h.unread && <UnreadNewsCard news={h.unread.news} articles={h.unread.articles} />}
          {h.points && <MyPointsCard p={h.points} />}
          {h.org && <MyOrg o={h.org} />}
          <MyMessages messages={h.messages} />
        </Col>
      </Row>
    </div>
  )
}
