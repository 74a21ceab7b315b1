import { ReloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Descriptions, Empty, Progress, Row, Space, Spin, Statistic, Typography } from 'antd'
import type { ServerStatus } from '@/api/generated/serverMon'
import { get } from '@/api/request'
import { fileSize } from '@/components/format'
import { formatTime } from '@/utils/time'

/** How often the page reads the server again. */
export const REFRESH_MS = 10_000

export const fetchServerStatus = () => get<ServerStatus>('/api/monitor/server')

/** Seconds as 3 天 4 小时 5 分 (the largest two units that are not zero). */
export function duration(seconds: number): string {
  const parts: string[] = []
  const units: [number, string][] = [
    [86400, '天'],
    [3600, '小时'],
    [60, '分'],
    [1, '秒'],
  ]
  let rest = Math.max(0, Math.floor(seconds))
  for (const [size, name] of units) {
    const n = Math.floor(rest / size)
    rest -= n * size
    if (n > 0 || (parts.length > 0 && parts.length < 2)) parts.push(`${n} ${name}`)
    if (parts.length === 2) break
  }
  return parts.length ? parts.join(' ') : '0 秒'
}

/** A usage bar, orange from 80 % and red from 90 %. */
function Usage({ percent, label }: { percent: number; label: string }) {
  const status = percent >= 90 ? 'exception' : 'normal'
  return (
    <div>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Progress percent={percent} status={status} strokeColor={percent >= 80 && percent < 90 ? '#fa8c16' : undefined} />
    </div>
  )
}

/**
 * 服务监控 (系统监控): this instance and what it runs on — the process, the machine, the data directory's
 * disk, the database with this instance's connection pool, and the scheduled jobs' runs of the last 24
 * hours on every instance. Read again every 10 s; each instance behind a load balancer answers for itself.
 */
export default function ServerMonitorPage() {
  const q = useQuery({ queryKey: ['monitor', 'server'], queryFn: fetchServerStatus, refetchInterval: REFRESH_MS })
  const s = q.data
  if (!s) {
    return (
      <Card title="服务监控">
        {q.isError ? <Empty description="读取服务状态失败，请稍后刷新" /> : <Spin />}
      </Card>
    )
  }
  const { instance: ins, process: proc, host, disk, database: dbs, jobs } = s
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {s.unread.length > 0 && <Alert type="warning" showIcon title="部分指标无法在本系统上读取" description={s.unread.join('；')} />}
      <Card
        title="服务实例"
        extra={
          <Space>
            <Typography.Text type="secondary">更新于 {formatTime(new Date(q.dataUpdatedAt).toISOString())}</Typography.Text>
            <Button icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
              刷新
            </Button>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small">
          <Descriptions.Item label="主机名">{ins.hostname}</Descriptions.Item>
          <Descriptions.Item label="进程号">{ins.pid}</Descriptions.Item>
          <Descriptions.Item label="版本">{ins.version}</Descriptions.Item>
          <Descriptions.Item label="运行环境">
            {ins.goVersion} · {ins.os}
          </Descriptions.Item>
          <Descriptions.Item label="启动时间">{formatTime(ins.startTime)}</Descriptions.Item>
          <Descriptions.Item label="已运行">{duration(ins.uptimeSeconds)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title="CPU" style={{ height: '100%' }}>
            <Usage label={`主机（${host.cpus} 核）`} percent={host.cpuPercent} />
            <Usage label="本服务进程（占一核的百分比）" percent={Math.min(100, proc.cpuPercent)} />
            <Typography.Text type="secondary">
              平均负载 {host.load1.toFixed(2)} / {host.load5.toFixed(2)} / {host.load15.toFixed(2)}（1 / 5 / 15 分钟）
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="内存" style={{ height: '100%' }}>
            <Usage label={`主机 ${fileSize(host.memUsed)} / ${fileSize(host.memTotal)}`} percent={host.memPercent} />
            <Row gutter={16}>
              <Col span={12}>
                <Statistic title="进程常驻内存" value={fileSize(proc.rss)} />
              </Col>
              <Col span={12}>
                <Statistic title="Go 堆" value={fileSize(proc.heapAlloc)} />
              </Col>
              <Col span={12}>
                <Statistic title="协程数" value={proc.goroutines} />
              </Col>
              <Col span={12}>
                <Statistic title="垃圾回收次数" value={proc.gcCount} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="数据目录磁盘" style={{ height: '100%' }}>
            <Usage label={`已用 ${fileSize(disk.total - disk.free)} / ${fileSize(disk.total)}`} percent={disk.percent} />
            <Typography.Text type="secondary" copyable>
              {disk.path}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={`数据库（${dbs.driver}）`} style={{ height: '100%' }}>
            <Row gutter={16}>
              <Col span={8}>
                <Statistic title="数据库大小" value={fileSize(dbs.size)} />
              </Col>
              <Col span={8}>
                <Statistic title="连接（使用中 / 已打开）" value={`${dbs.inUse} / ${dbs.open}`} suffix={dbs.maxOpen > 0 ? `上限 ${dbs.maxOpen}` : undefined} />
              </Col>
              <Col span={8}>
                <Statistic title="等待连接" value={dbs.waitCount} suffix={`次，共 ${dbs.waitMs} 毫秒`} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="定时任务（近 24 小时，所有实例）" style={{ height: '100%' }}>
            <Row gutter={16}>
              <Col span={6}>
                <Statistic title="任务数" value={jobs.jobs} />
              </Col>
              <Col span={6}>
                <Statistic title="执行次数" value={jobs.runs} />
              </Col>
              <Col span={6}>
                <Statistic title="失败" value={jobs.failed} styles={{ content: jobs.failed > 0 ? { color: '#cf1322' } : undefined }} />
              </Col>
              <Col span={6}>
                <Statistic title="执行中" value={jobs.running} />
              </Col>
            </Row>
            {jobs.lastFailure && (
              <Alert
                style={{ marginTop: 12 }}
                type="error"
                showIcon
                title={`最近一次失败：${jobs.lastFailure.jobName}（${formatTime(jobs.lastFailure.startTime)}）`}
                description={jobs.lastFailure.error}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <FieldKeysCard keys={s.fieldKeys} />
        </Col>
      </Row>
    </Space>
  )
}

/** The personal fields' encryption: the 国密 option (the active data key's scheme) and a rotation's progress. */
function FieldKeysCard({ keys }: { keys: ServerStatus['fieldKeys'] }) {
  const scheme = keys.scheme === 'sm' ? '国密（SM4 / SM3）' : 'AES-256 / HMAC-SHA256'
  return (
    <Card title="个人信息字段加密" style={{ height: '100%' }}>
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title="算法" value={scheme} />
        </Col>
        <Col span={6}>
          <Statistic title="数据密钥" value={`#${keys.activeKey}`} />
        </Col>
        <Col span={6}>
          <Statistic title="待重新加密" value={keys.left} />
        </Col>
      </Row>
      {keys.retiring > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          title="密钥轮换进行中"
          description={`还有 ${keys.left} 个值由定时任务 crypto.rekey 在后台重新加密；完成后旧密钥停用。进度也可用 zhdj keys status 查看。`}
        />
      )}
    </Card>
  )
}
