import { DownloadOutlined, ExportOutlined, FileWordOutlined, ImportOutlined, InboxOutlined } from '@ant-design/icons'
import { Alert, App, Button, Form, Modal, Radio, Space, Table, Tag, Tooltip, Upload } from 'antd'
import type { UploadFile } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { failureText } from '@/api/request'
import { useHasPermission } from '@/components/Permission'
import UnitSelect from '@/components/unit/UnitSelect'
import { downloadExcelTemplate, downloadLrmx, downloadRmb, downloadRmbBatch, importExcel, importLrmx, LRMX_FAIL, LRMX_SUCCESS, type LrmxImportRow } from './rmbApi'

/** Files one import takes (rmb.MaxImportFiles) and the size of one file (lrmx.MaxFile). */
const MAX_FILES = 50
const MAX_FILE_MB = 8

interface Props {
  /** The cadres chosen in the list: one for a single form or .lrmx, any number for the batch. */
  selectedIds: number[]
  /** After an import wrote at least one cadre (the list reloads). */
  onImported?: () => void
}

/**
 * The 干部任免审批表 actions of the 干部信息库 page: 下载任免审批表 and 导出lrmx for one chosen cadre, 批量下载 (a zip)
 * for several, 导入lrmx for holders of gbjbxx:import. Mounted in the page's toolbar.
 */
export default function RmbActions({ selectedIds, onImported }: Props) {
  const { message } = App.useApp()
  const canDownload = useHasPermission([PERM.gbjbxxRmb])
  const canImport = useHasPermission([PERM.gbjbxxImport])
  const [busy, setBusy] = useState<string | null>(null)
  const [importing, setImporting] = useState(false)
  const one = selectedIds.length === 1 ? selectedIds[0] : null

  async function run(key: string, action: () => Promise<void>) {
    setBusy(key)
    try {
      await action()
    } catch (e) {
      message.error(await failureText(e))
    } finally {
      setBusy(null)
    }
  }

  if (!canDownload && !canImport) return null
  const needOne = one === null ? '请先选择一名干部' : undefined
  return (
    <Space wrap>
      {canDownload && (
        <>
          <Tooltip title={needOne}>
            <Button icon={<FileWordOutlined />} disabled={one === null} loading={busy === 'rmb'} onClick={() => one !== null && run('rmb', () => downloadRmb(one))}>
              下载任免审批表
            </Button>
          </Tooltip>
          <Tooltip title={selectedIds.length === 0 ? '请先选择干部' : undefined}>
            <Button icon={<DownloadOutlined />} disabled={selectedIds.length === 0} loading={busy === 'batch'} onClick={() => run('batch', () => downloadRmbBatch(selectedIds))}>
              批量下载
            </Button>
          </Tooltip>
          <Tooltip title={needOne}>
            <Button icon={<ExportOutlined />} disabled={one === null} loading={busy === 'lrmx'} onClick={() => one !== null && run('lrmx', () => downloadLrmx(one))}>
              导出lrmx
            </Button>
          </Tooltip>
        </>
      )}
      {canImport && (
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
          导入lrmx
        </Button>
      )}
      {importing && (
        <LrmxImportDialog
          onClose={() => setImporting(false)}
          onImported={() => onImported?.()}
        />
      )}
    </Space>
  )
}

/**
 * Picks .lrmx files (or a filled Excel template) and the unit new cadres join, imports them and shows each
 * file's (each row's) state and errors.
 */
export function LrmxImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { message } = App.useApp()
  const [kind, setKind] = useState<'lrmx' | 'excel'>('lrmx')
  const [files, setFiles] = useState<File[]>([])
  const [unitId, setUnitId] = useState<number | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [rows, setRows] = useState<LrmxImportRow[] | null>(null)

  async function start() {
    setProgress(0)
    try {
      const result = kind === 'lrmx' ? await importLrmx(files, unitId, setProgress) : await importExcel(files[0], unitId, setProgress)
      setRows(result)
      if (result.some((r) => r.state === LRMX_SUCCESS)) onImported()
    } catch (e) {
      message.error(await failureText(e))
    } finally {
      setProgress(null)
    }
  }

  const list: UploadFile[] = files.map((f, i) => ({ uid: String(i), name: f.name, status: 'done' }))
  const succeeded = rows?.filter((r) => r.state === LRMX_SUCCESS).length ?? 0
  return (
    <Modal
      open
      title="导入任免审批表"
      width={760}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        rows ? (
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" disabled={files.length === 0} loading={progress !== null} onClick={start}>
              开始导入
            </Button>
          </Space>
        )
      }
    >
      {rows ? (
        <>
          <Alert
            type={succeeded === rows.length ? 'success' : 'warning'}
            showIcon
            title={`共 ${rows.length} ${kind === 'lrmx' ? '个文件' : '行'}：成功 ${succeeded} ${kind === 'lrmx' ? '个' : '行'}，失败 ${rows.length - succeeded} ${kind === 'lrmx' ? '个' : '行'}`}
            style={{ marginBottom: 12 }}
          />
          <Table<LrmxImportRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: kind === 'lrmx' ? '文件' : '行', dataIndex: 'fileName', width: 200 },
              { title: '干部', dataIndex: 'cadreName', width: 100 },
              {
                title: '状态',
                dataIndex: 'state',
                width: 80,
                render: (_, r) => <Tag color={r.state === LRMX_SUCCESS ? 'success' : r.state === LRMX_FAIL ? 'error' : 'processing'}>{r.stateLabel}</Tag>,
              },
              {
                title: '错误',
                dataIndex: 'errors',
                render: (_, r) =>
                  r.errors.length === 0 ? '—' : (
                    <ul style={{ margin: 0, paddingLeft: 16 }}>
                      {r.errors.map((e, i) => (
                        <li key={i}>
                          {e.field}：{e.message}
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
        </>
      ) : (
        <Form layout="vertical">
          <Form.Item label="文件类型">
            <Radio.Group
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as 'lrmx' | 'excel')
                setFiles([])
              }}
              options={[
                { value: 'lrmx', label: '任免审批表文件（.lrmx）' },
                { value: 'excel', label: 'Excel 模板' },
              ]}
            />
          </Form.Item>
          <Form.Item label="新干部所在单位" extra="按身份证号对应已有干部；没有对应的作为新干部加入此单位。">
            <UnitSelect value={unitId} onChange={setUnitId} />
          </Form.Item>
          {kind === 'excel' && (
            <p>
              <Button type="link" style={{ padding: 0 }} onClick={() => downloadExcelTemplate().catch(async (e: unknown) => message.error(await failureText(e)))}>
                下载 Excel 模板
              </Button>
              ：每行一名干部；家庭成员填在最后一列，每行一人。
            </p>
          )}
          <Upload.Dragger
            multiple={kind === 'lrmx'}
            accept={kind === 'lrmx' ? '.lrmx,.xml,.zip' : '.xlsx'}
            fileList={list}
            beforeUpload={(f, batch) => {
              if (f.size > MAX_FILE_MB << 20 && kind === 'lrmx') {
                message.error(`${f.name} 超过 ${MAX_FILE_MB} MB`)
                return Upload.LIST_IGNORE
              }
              if (kind === 'excel') {
                setFiles([f])
                return false
              }
              // beforeUpload runs once per file of a drop: take the drop's files once, on its first.
              if (f === batch[0]) setFiles((old) => [...old, ...batch.filter((b) => b.size <= MAX_FILE_MB << 20)].slice(0, MAX_FILES))
              return false
            }}
            onRemove={(u) => setFiles((old) => old.filter((_, i) => String(i) !== u.uid))}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{kind === 'lrmx' ? '点击或拖入 .lrmx 文件' : '点击或拖入填好的 Excel 模板（.xlsx）'}</p>
            <p className="ant-upload-hint">
              {kind === 'lrmx'
                ? `干部任免审批表软件导出的文件，一次最多 ${MAX_FILES} 个，每个不超过 ${MAX_FILE_MB} MB；每个文件单独导入，失败的文件不影响其他文件。`
                : '每行单独导入，失败的行不影响其他行；一次最多 1000 行。'}
            </p>
          </Upload.Dragger>
        </Form>
      )}
    </Modal>
  )
}
