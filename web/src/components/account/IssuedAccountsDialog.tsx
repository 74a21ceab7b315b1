import { PrinterOutlined } from '@ant-design/icons'
import { Alert, Button, Modal, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd'
import { useMemo, useState } from 'react'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import { PrintLayout } from '@/components/flow'
import { formatTime } from '@/utils/time'
import type { AccountBatch, AccountOutcome, SkippedMember } from './service'

interface Props {
  title: string
  batch: AccountBatch
  /** Whose accounts these are (an organisation's name), printed on the list. */
  scope?: string
  onClose: () => void
}

export const ONCE = '初始密码只显示这一次，关闭后无法再次查看，请先打印或抄录后分别交给本人；首次登录须修改密码。'

const cell = { border: '1px solid #000', padding: '4px 8px' } as const

/** The printable list: 序号, 姓名, 用户名, 初始密码 and a column to sign for it. */
function PrintedList({ scope, accounts, onBack }: { scope?: string; accounts: AccountOutcome[]; onBack: () => void }) {
  const made = useMemo(() => formatTime(new Date()), [])
  return (
    <PrintLayout
      title="党员账号初始密码清单"
      meta={[
        { label: '范围', value: scope || '我管理的党组织' },
        { label: '生成时间', value: made },
        { label: '账号数', value: `${accounts.length} 个` },
      ]}
      signatures={[{ label: '发放人' }, { label: '日期', value: '    年  月  日' }]}
      actions={<Button onClick={onBack}>返回</Button>}
    >
      <p>请将初始密码分别交给本人，由本人签收；首次登录须修改密码。</p>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {['序号', '姓名', '用户名', '初始密码', '本人签收'].map((h) => (
              <th key={h} style={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {accounts.map((a, i) => (
            <tr key={a.memberId}>
              <td style={cell}>{i + 1}</td>
              <td style={cell}>{a.name}</td>
              <td style={cell}>{a.username}</td>
              <td style={{ ...cell, fontFamily: 'monospace' }}>{a.initialPassword}</td>
              <td style={{ ...cell, width: '22%' }} />
            </tr>
          ))}
        </tbody>
      </table>
    </PrintLayout>
  )
}

/** One list of the result, paged beyond ten rows. */
function Rows<T extends { memberId: number }>({ rows, columns }: { rows: T[]; columns: TableColumnsType<T> }) {
  return (
    <Table<T> size="small" rowKey="memberId" dataSource={rows} columns={columns} pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false} />
  )
}

/**
 * What a batch (or one member's account, or a secretary's) did: the new accounts with their initial
 * passwords, shown this once, with a print view for handing them out; the accounts linked; the members
 * skipped and why.
 */
export default function IssuedAccountsDialog({ title, batch, scope, onClose }: Props) {
  const [printing, setPrinting] = useState(false)
  const { created, linked, skipped } = batch
  return (
    <Modal
      {...DIALOG_DEFAULTS}
      open
      title={title}
      width={printing ? 900 : 760}
      onCancel={onClose}
      footer={
        <Space>
          {!printing && created.length > 0 && (
            <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
              打印清单
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            {created.length > 0 ? '我已保存，关闭' : '关闭'}
          </Button>
        </Space>
      }
    >
      {printing ? (
        <PrintedList scope={scope} accounts={created} onBack={() => setPrinting(false)} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          {batch.stopped && <Alert type="error" showIcon title={batch.stopped} />}
          {created.length > 0 && <Alert type="warning" showIcon title={ONCE} />}
          <Typography.Text data-testid="issued-summary">
            新建账号 {created.length} 个，关联已有账号 {linked.length} 个，跳过 {skipped.length} 人
          </Typography.Text>
          <Tabs
            items={[
              {
                key: 'created',
                label: `新建账号（${created.length}）`,
                children: (
                  <Rows
                    rows={created}
                    columns={[
                      { title: '姓名', dataIndex: 'name' },
                      { title: '用户名', dataIndex: 'username' },
                      { title: '初始密码', dataIndex: 'initialPassword', render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
                    ]}
                  />
                ),
              },
              {
                key: 'linked',
                label: `关联已有账号（${linked.length}）`,
                children: (
                  <Rows
                    rows={linked}
                    columns={[
                      { title: '姓名', dataIndex: 'name' },
                      { title: '用户名', dataIndex: 'username' },
                    ]}
                  />
                ),
              },
              {
                key: 'skipped',
                label: `跳过（${skipped.length}）`,
                children: (
                  <Rows<SkippedMember>
                    rows={skipped}
                    columns={[
                      { title: '姓名', dataIndex: 'name', width: 100 },
                      { title: '学号/工号', dataIndex: 'staffOrStudentNo', width: 120 },
                      { title: '原因', dataIndex: 'reason' },
                    ]}
                  />
                ),
              },
            ]}
          />
        </Space>
      )}
    </Modal>
  )
}
