import { SafetyCertificateOutlined } from '@ant-design/icons'
import { Alert, Button, Descriptions, Modal, Result, Space, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import { get } from '@/api/request'
import type { ChainReport } from '@/api/generated/logChain'
import { PERM } from '@/api/permissions'
import Permission from '@/components/Permission'
import { formatTime } from '@/utils/time'

/** Both logs' hash chains checked on the server (GET /api/logs/verify); as `zhdj audit verify` does. */
const verifyLogs = () => get<ChainReport[]>('/api/logs/verify')

function span(r: ChainReport): string {
  return r.rows > 0 ? `第 ${r.first}–${r.last} 条` : '无记录'
}

function Report({ r }: { r: ChainReport }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      title={
        <Space>
          {r.title}
          {r.ok ? <Tag color="green">完整</Tag> : <Tag color="red">发现断点</Tag>}
        </Space>
      }
      items={[
        { key: 'rows', label: '已校验', children: `${r.rows} 条（${span(r)}）` },
        { key: 'purged', label: '保留期已清理', children: `${r.purged} 条` },
        ...(r.ok && r.head
          ? [{ key: 'head', label: '链头', children: <Typography.Text copyable code>{r.head}</Typography.Text> }]
          : []),
        ...(r.break
          ? [
              {
                key: 'break',
                label: '第一处断点',
                children: (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text type="danger">{r.break.reason}</Typography.Text>
                    {r.break.id > 0 && <span>记录编号 {r.break.id}（链序号 {r.break.seq}）</span>}
                    {r.break.time && <span>记录时间 {formatTime(r.break.time)}</span>}
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  )
}

/**
 * 校验完整性: checks that no operation or sign-in log row was changed, deleted or forged since it was
 * written (each row is chained to the one before by an HMAC under the audit key, docs/audit.md).
 */
export default function ChainVerify() {
  const [open, setOpen] = useState(false)
  const [reports, setReports] = useState<ChainReport[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [checkedAt, setCheckedAt] = useState<Date | null>(null)

  const run = () => {
    setOpen(true)
    setReports(null)
    setError(null)
    verifyLogs()
      .then((rs) => {
        setReports(rs)
        setCheckedAt(new Date())
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : '校验失败，请稍后重试'))
  }
  const allOK = reports?.every((r) => r.ok)

  return (
    <Permission need={[PERM.logVerify]}>
      <Button icon={<SafetyCertificateOutlined />} onClick={run}>
        校验完整性
      </Button>
      <Modal
        title="日志完整性校验"
        open={open}
        width={640}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="again" onClick={run} disabled={!reports && !error}>
            重新校验
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
            关闭
          </Button>,
        ]}
      >
        {!reports && !error && (
          <Spin description="正在逐条校验操作日志和登录日志的哈希链，记录多时需要一些时间…">
            <div style={{ height: 120 }} />
          </Spin>
        )}
        {error && <Alert type="error" showIcon title={error} />}
        {reports && (
          <Space orientation="vertical" style={{ width: '100%' }} size="middle">
            {allOK ? (
              <Result
                status="success"
                title="日志完整"
                subTitle={`${checkedAt ? formatTime(checkedAt) + ' ' : ''}校验通过：没有记录被改动、删除或伪造。请记下链头，日后可核对数据库未被整体回退。`}
              />
            ) : (
              <Alert
                type="error"
                showIcon
                title="日志哈希链校验未通过"
                description="日志可能被篡改。请保全数据库和数据目录，并用 zhdj audit verify 在服务器上复核（见 docs/audit.md）。"
              />
            )}
            {reports.map((r) => (
              <Report key={r.log} r={r} />
            ))}
          </Space>
        )}
      </Modal>
    </Permission>
  )
}
