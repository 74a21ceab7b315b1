import { CopyOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons'
import { Alert, Button, Modal, Space, Table, Typography } from 'antd'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import type { InitialPassword } from '../types'

interface Props {
  title: string
  accounts: InitialPassword[]
  onClose: () => void
}

export const KEEP_SAFE = '请妥善保管，关闭后将无法再次查看'

const lines = (accounts: InitialPassword[]) => accounts.map((a) => `${a.username}\t${a.nickName ?? ''}\t${a.initialPassword}`)

const escapeHTML = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    ui.message.success('已复制')
  } catch {
    ui.message.error('复制失败，请手动选择文字复制')
  }
}

/** A print view in a new window: a plain table, no script (the opener calls print). */
function printList(title: string, accounts: InitialPassword[]) {
  const w = window.open('', '_blank')
  if (!w) {
    ui.message.error('浏览器阻止了打印窗口，请允许弹出窗口后重试')
    return
  }
  const rows = accounts
    .map((a) => `<tr><td>${escapeHTML(a.username)}</td><td>${escapeHTML(a.nickName ?? '')}</td><td>${escapeHTML(a.initialPassword)}</td></tr>`)
    .join('')
  w.document.write(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHTML(title)}</title></head><body>` +
      `<h3>${escapeHTML(title)}</h3><p>${KEEP_SAFE}；用户首次登录须修改密码。</p>` +
      `<table border="1" cellspacing="0" cellpadding="6"><thead><tr><th>用户名</th><th>姓名</th><th>初始密码</th></tr></thead><tbody>${rows}</tbody></table></body></html>`,
  )
  w.document.close()
  w.focus()
  w.print()
}

function download(accounts: InitialPassword[]) {
  // A BOM lets Excel read the UTF-8 names.
  const blob = new Blob(['\ufeff用户名\t姓名\t初始密码\n' + lines(accounts).join('\n') + '\n'], { type: 'text/tab-separated-values;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = '初始密码.txt'
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Shows initial passwords the server generated and answered once (new account, reset, import).
 * They are stored nowhere in clear, so this dialog is the only chance to hand them over.
 */
export default function InitialPasswordDialog({ title, accounts, onClose }: Props) {
  const single = accounts.length === 1 ? accounts[0] : null
  return (
    <Modal
      {...DIALOG_DEFAULTS}
      open
      title={title}
      width={single ? 480 : 640}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          {!single && (
            <>
              <Button icon={<PrinterOutlined />} onClick={() => printList(title, accounts)}>
                打印
              </Button>
              <Button icon={<DownloadOutlined />} onClick={() => download(accounts)}>
                下载
              </Button>
            </>
          )}
          <Button icon={<CopyOutlined />} onClick={() => void copy(single ? single.initialPassword : lines(accounts).join('\n'))}>
            {single ? '复制密码' : '复制全部'}
          </Button>
          <Button type="primary" onClick={onClose}>
            我已保存，关闭
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Alert type="warning" showIcon title={`${KEEP_SAFE}。用户首次登录须修改密码。`} />
        {single ? (
          <div>
            <div>
              用户：{single.nickName ? `${single.nickName}（${single.username}）` : single.username}
            </div>
            <div>
              初始密码：
              <Typography.Text code strong data-testid="initial-password">
                {single.initialPassword}
              </Typography.Text>
            </div>
          </div>
        ) : (
          <Table<InitialPassword>
            size="small"
            rowKey="username"
            dataSource={accounts}
            pagination={accounts.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { title: '用户名', dataIndex: 'username' },
              { title: '姓名', dataIndex: 'nickName' },
              { title: '初始密码', dataIndex: 'initialPassword', render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
            ]}
          />
        )}
      </Space>
    </Modal>
  )
}
