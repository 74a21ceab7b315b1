import { useQuery } from '@tanstack/react-query'
import { Button, Card, Col, Empty, List, QRCode, Result, Row, Spin, Statistic, Tag, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { failureText } from '@/api/request'
import { formatTime } from '@/utils/time'
import { meetingScreen, type Screen } from './service'

/** The counts and names are read every 5 s; the QR code takes a fresh link once a minute (each is valid 10 minutes). */
export const POLL_MS = 5_000
export const QR_MS = 60_000

/** The link the QR code holds, and when it was taken. */
interface Code {
  url: string
  at: number
}

/** The QR code's link: the latest screen's, replaced once the shown one is QR_MS old. */
function useCode(screen: Screen | undefined): Code | undefined {
  const [code, setCode] = useState<Code>()
  useEffect(() => {
    if (screen && (!code || Date.now() - code.at >= QR_MS)) setCode({ url: window.location.origin + screen.link, at: Date.now() })
  }, [screen, code])
  return code
}

function Counts({ s }: { s: Screen }) {
  const waiting = Math.max(0, s.attendeeCount - s.presentCount - s.leaveCount)
  const figures: [string, number][] = [['应到', s.attendeeCount], ['已签到', s.presentCount], ['迟到', s.lateCount], ['请假', s.leaveCount], ['未到', waiting]]
  return (
    <Row gutter={16}>
      {figures.map(([title, value]) => (
        <Col span={8} key={title} style={{ marginBottom: 16 }}>
          <Statistic title={title} value={value} styles={{ content: { fontSize: 40 } }} />
        </Col>
      ))}
    </Row>
  )
}

/**
 * 会议签到大屏 (/orglife/screen?id=): for the projector at a started meeting — its title, a large QR code of the
 * sign-in link and the live attendance with the latest names. 全屏 fills the screen with it.
 */
export default function MeetingScreenPage() {
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const box = useRef<HTMLDivElement>(null)
  const q = useQuery({
    queryKey: ['orglife', 'screen', id],
    queryFn: async () => {
      try {
        return await meetingScreen(id)
      } catch (e) {
        throw new Error(await failureText(e))
      }
    },
    enabled: id > 0,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
  })
  const code = useCode(q.data)
  if (!(id > 0)) return <Result status="warning" title="缺少会议编号" />
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (!q.data) return <Result status="warning" title={q.error?.message ?? '会议不存在'} />
  const s = q.data
  const fullscreen = () => void (document.fullscreenElement ? document.exitFullscreen() : box.current?.requestFullscreen?.())
  return (
    <div ref={box} style={{ background: '#fff', padding: 24, minHeight: '100%' }}>
      <Row justify="space-between" align="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {s.topic}
        </Typography.Title>
        <Button onClick={fullscreen}>全屏</Button>
      </Row>
      <Typography.Text type="secondary">{s.orgName}</Typography.Text>
      {/* A failed poll keeps the last answer on screen and says why (the meeting closed, the network). */}
      {q.error && <Typography.Paragraph type="danger">{q.error.message}</Typography.Paragraph>}
      <Row gutter={32} style={{ marginTop: 24 }}>
        <Col xs={24} md={10} style={{ textAlign: 'center' }}>
          {code && (
            // The code opens the page it shows, for whoever cannot scan.
            <a href={code.url} target="_blank" rel="noreferrer" aria-label="签到链接" style={{ display: 'inline-block' }}>
              <QRCode value={code.url} size={320} type="svg" bgColor="#fff" />
            </a>
          )}
          <Typography.Paragraph style={{ fontSize: 20, marginTop: 16 }}>请使用手机扫码签到</Typography.Paragraph>
          <Typography.Text type="secondary">二维码每分钟更新</Typography.Text>
        </Col>
        <Col xs={24} md={14}>
          <Counts s={s} />
          <Card title="最近签到" size="small">
            {s.recent.length ? (
              <List
                dataSource={s.recent}
                renderItem={(r) => (
                  <List.Item key={`${r.name}-${r.signedAt}`}>
                    <span style={{ fontSize: 18 }}>{r.name}</span>
                    <span>
                      {r.late && <Tag color="orange">迟到</Tag>}
                      {formatTime(r.signedAt, 'HH:mm:ss')}
                    </span>
                  </List.Item>
                )}
              />
            ) : (
              <Empty description="暂无签到" />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  )
}
