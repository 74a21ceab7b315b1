import { Alert, Button, Empty, Space, Spin, Tag, Typography } from 'antd'
import { useCallback, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { nodeFileUrl } from '../api'
import { clock } from '../heartbeat'
import { useStudySession } from '../session'

/**
 * 视频学习: the node's video from the server's range URL. While it plays and the page is visible it reports every
 * videoRecordTime seconds; it resumes where the learner stopped. Only what is watched from the start on counts
 * (seeking ahead is not credited), at normal speed, one page at a time.
 */
export default function VideoStudy() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('node')) || 0
  const video = useRef<HTMLVideoElement>(null)
  const playing = useCallback(() => Boolean(video.current && !video.current.paused && !video.current.ended), [])
  const position = useCallback(() => video.current?.currentTime ?? 0, [])
  const { node, start, progress, stopped, send, watched, done } = useStudySession(id, playing, position)
  const n = node.data
  if (id <= 0 || node.isError || start.isError) return <Empty style={{ padding: 48 }} description="学习内容不存在或已停止发布" />
  if (!n || !start.data) return <Spin style={{ display: 'block', padding: 48 }} />
  const resumeAt = start.data.position
  return (
    <div style={{ padding: 16, maxWidth: 960, margin: '0 auto' }}>
      <Button type="link" style={{ paddingLeft: 0 }} onClick={() => void navigate(`/pschool/course?id=${n.courseId}`)}>返回《{n.courseTitle}》</Button>
      <Typography.Title level={4}>{n.title}</Typography.Title>
      {stopped && <Alert type="warning" showIcon title={stopped} style={{ marginBottom: 12 }} />}
      <video
        ref={video}
        aria-label={n.title}
        src={nodeFileUrl(n.id)}
        controls
        playsInline
        preload="metadata"
        controlsList="nodownload noplaybackrate"
        style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
        onLoadedMetadata={(e) => {
          if (resumeAt > 0 && resumeAt < e.currentTarget.duration - 1) e.currentTarget.currentTime = resumeAt
        }}
        onRateChange={(e) => {
          if (e.currentTarget.playbackRate !== 1) e.currentTarget.playbackRate = 1
        }}
        onPause={() => send(true)}
        onEnded={() => send(true)}
      />
      <Space wrap style={{ marginTop: 12 }}>
        <Typography.Text>已学 {clock(Math.min(watched, n.duration))} / {clock(n.duration)}</Typography.Text>
        <Typography.Text>{n.hours} 学时</Typography.Text>
        {done ? <Tag color="success">已完成，已获 {n.hours} 学时</Tag> : <Tag>学完全部时长后获得学时</Tag>}
      </Space>
      {progress?.behind && !stopped && (
        <Alert style={{ marginTop: 12 }} type="info" showIcon title={`快进的部分不计入学习时长，请从 ${clock(progress.watched)} 处继续观看`}
          action={<Button size="small" onClick={() => { if (video.current) video.current.currentTime = progress.watched }}>回到该处</Button>} />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        学习时长按实际观看计算：页面切到后台、快进、倍速或同时打开其他课程时不计时；再次进入会从上次的位置继续播放。
      </Typography.Paragraph>
    </div>
  )
}
