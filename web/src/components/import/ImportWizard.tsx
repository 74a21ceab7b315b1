import { DownloadOutlined, InboxOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Descriptions, Modal, Progress, Result, Space, Spin, Steps, Typography, Upload } from 'antd'
import type { AxiosError } from 'axios'
import { useState, type ReactNode } from 'react'
import { errorMessage } from '@/api/request'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import { confirmAction } from '@/components/crud/confirm'
import { useDicts } from '@/components/dict/useDicts'
import { abandonBatch, commitBatch, downloadImportTemplate, downloadInvalidRows, importColumns, updateRow, uploadBatch, type ImportBatch, type ImportRow } from './api'
import BatchRows from './BatchRows'
import RowFixDialog from './RowFixDialog'

interface Props {
  /** The import kind of the API (`dyjbxx`, `dzzxx`, …). */
  kind: string
  /** What is imported, e.g. 党员信息 (dialog title and template name). */
  title: string
  onClose: () => void
  /** Called after a commit, so the page reloads its list. */
  onDone?: () => void
  /** What the last step shows below the summary, from the committed batch (e.g. initial passwords). */
  renderResult?: (batch: ImportBatch) => ReactNode
}

const STEPS = ['下载模板', '上传文件', '校验结果', '确认导入', '完成'].map((title) => ({ title }))

/**
 * The staged Excel import: download the template, upload (the server stages and validates),
 * review and fix rows, commit in one transaction, see the summary. Nothing reaches the live
 * data before the commit; abandoning a batch drops its staged rows.
 */
export default function ImportWizard({ kind, title, onClose, onDone, renderResult }: Props) {
  const [step, setStep] = useState(0)
  const [batch, setBatch] = useState<ImportBatch | null>(null)
  const [percent, setPercent] = useState<number | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [fixing, setFixing] = useState<ImportRow | null>(null)
  const [version, setVersion] = useState(0)
  const [skipInvalid, setSkipInvalid] = useState(false)
  const [downloading, setDownloading] = useState(false)
  /** The template's example rows (序号 示例) the upload left out: answered by the upload only. */
  const [exampleRows, setExampleRows] = useState<number[]>([])
  const columns = useQuery({ queryKey: ['import-columns', kind], queryFn: () => importColumns(kind), staleTime: 60_000 })
  const dictNames = [...new Set((columns.data ?? []).flatMap((c) => (c.dict ? [c.dict] : [])))]
  const dicts = useDicts(...dictNames)

  const download = async () => {
    setDownloading(true)
    try {
      await downloadImportTemplate(kind, title)
    } catch {
      /* shown by the request pipeline */
    } finally {
      setDownloading(false)
    }
  }

  const send = async (file: File) => {
    setUploadError(null)
    setPercent(0)
    try {
      const b = await uploadBatch(kind, file, setPercent)
      setBatch(b)
      setExampleRows(b.exampleRows ?? [])
      setSkipInvalid(false)
      setStep(2)
    } catch (e) {
      setUploadError((await errorMessage(e as AxiosError)) ?? '上传失败')
    } finally {
      setPercent(null)
    }
  }

  const abandon = async () => {
    if (!batch) return
    const ok = await confirmAction(`确定放弃本批次（${batch.fileName}）吗？已上传的 ${batch.total} 行将被丢弃，不会导入任何数据。`, () => abandonBatch(kind, batch.id), '已放弃本批次', true)
    if (ok) {
      setBatch(null)
      setStep(1)
    }
  }

  const commit = () => {
    if (!batch) return
    const skipped = skipInvalid ? batch.invalidCount : 0
    ui.modal.confirm({
      ...DIALOG_DEFAULTS,
      title: '确认导入',
      content: `将新增 ${batch.newCount} 条、更新 ${batch.changedCount} 条${batch.unchangedCount ? `，${batch.unchangedCount} 条未变的跳过` : ''}${skipped ? `，${skipped} 条错误行不导入` : ''}。导入后不能撤回（可在变动轨迹中还原单条记录），确定导入吗？`,
      okText: '确定导入',
      cancelText: '取消',
      onOk: async () => {
        try {
          const b = await commitBatch(kind, batch.id, skipInvalid)
          setBatch(b)
          setStep(4)
          ui.message.success('导入成功')
          onDone?.()
        } catch {
          // The server's reason is shown by the request pipeline; the batch stays as it was.
          return
        }
      },
    })
  }

  const fix = async (cells: Record<string, string>) => {
    if (!batch || !fixing) return
    const r = await updateRow(kind, batch.id, fixing.id, cells)
    setBatch(r.batch)
    setVersion((v) => v + 1)
  }

  const downloadInvalid = async () => {
    if (!batch) return
    setDownloading(true)
    try {
      await downloadInvalidRows(kind, batch.id, title)
    } catch {
      /* shown by the request pipeline */
    } finally {
      setDownloading(false)
    }
  }

  const counts = batch && (
    <Descriptions
      size="small"
      bordered
      column={5}
      style={{ marginBottom: 12 }}
      extra={
        batch.invalidCount > 0 && (
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={downloadInvalid}>
            下载错误行
          </Button>
        )
      }
    >
      <Descriptions.Item label="总行数">{batch.total}</Descriptions.Item>
      <Descriptions.Item label="新增">{batch.newCount}</Descriptions.Item>
      <Descriptions.Item label="变更">{batch.changedCount}</Descriptions.Item>
      <Descriptions.Item label="未变">{batch.unchangedCount}</Descriptions.Item>
      <Descriptions.Item label="错误">
        <Typography.Text type={batch.invalidCount > 0 ? 'danger' : undefined}>{batch.invalidCount}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  )

  const body = () => {
    switch (step) {
      case 0:
        return (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Alert
              type="info"
              showIcon
              title="请先下载导入模板，按模板第一行的列名填写（带＊的列必填），“填写说明”工作表列出了每列可填的选项。模板第 2 行（序号为“示例”）是填写示例，不会导入，请从第 3 行起填写。"
              description="上传后系统会逐行校验并标出新增、变更、未变和有错误的行；确认导入之前不会修改任何数据。"
            />
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={download}>
              下载导入模板
            </Button>
          </Space>
        )
      case 1:
        return (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Upload.Dragger
              accept=".xlsx"
              maxCount={1}
              showUploadList={false}
              disabled={percent !== null}
              beforeUpload={(f) => {
                if (!/\.xlsx$/i.test(f.name)) {
                  ui.message.error('请上传 .xlsx 格式的文件')
                  return Upload.LIST_IGNORE
                }
                void send(f)
                return false
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或拖动 .xlsx 文件到此处上传</p>
              <p className="ant-upload-hint">单个文件最多 50000 行</p>
            </Upload.Dragger>
            {percent !== null && (
              <div>
                <Progress percent={percent} status="active" />
                {percent >= 100 && <Typography.Text type="secondary">文件已上传，正在校验数据…</Typography.Text>}
              </div>
            )}
            {uploadError && <Alert type="error" showIcon title={uploadError} />}
          </Space>
        )
      case 2:
      case 3:
        if (!batch) return null
        if (!columns.data) return <Spin />
        return (
          <>
            {exampleRows.length > 0 && (
              <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`第 ${exampleRows.join('、')} 行是模板的示例行（序号为“示例”），未导入`} />
            )}
            {counts}
            {step === 3 && (
              <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
                {batch.invalidCount > 0 ? (
                  <Alert
                    type="warning"
                    showIcon
                    title={`还有 ${batch.invalidCount} 行数据有误`}
                    description={
                      <Checkbox checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)}>
                        跳过错误行，只导入正确的行
                      </Checkbox>
                    }
                  />
                ) : (
                  <Alert type="success" showIcon title="全部数据校验通过" />
                )}
              </Space>
            )}
            <BatchRows kind={kind} batch={batch} columns={columns.data} version={version} onFix={step === 2 ? setFixing : undefined} />
          </>
        )
      case 4:
        return (
          batch && (
            <Result
              status="success"
              title="导入完成"
              subTitle={`新增 ${batch.newCount} 条，更新 ${batch.changedCount} 条，未变 ${batch.unchangedCount} 条${skipInvalid && batch.invalidCount ? `，跳过错误 ${batch.invalidCount} 条` : ''}。`}
              extra={renderResult?.(batch)}
            />
          )
        )
    }
  }

  const footer = () => {
    const close = <Button key="close" onClick={onClose}>{step === 4 ? '关闭' : '取消'}</Button>
    switch (step) {
      case 0:
        return [
          close,
          <Button key="next" type="primary" onClick={() => setStep(1)}>
            下一步
          </Button>,
        ]
      case 1:
        return [
          <Button key="prev" onClick={() => setStep(0)}>
            上一步
          </Button>,
          close,
        ]
      case 2:
        return [
          <Button key="abandon" danger onClick={abandon}>
            放弃本批次
          </Button>,
          close,
          <Button key="next" type="primary" disabled={!batch || (batch.newCount + batch.changedCount === 0 && batch.invalidCount === 0)} onClick={() => setStep(3)}>
            下一步
          </Button>,
        ]
      case 3:
        return [
          <Button key="prev" onClick={() => setStep(2)}>
            上一步
          </Button>,
          close,
          <Button
            key="commit"
            type="primary"
            disabled={!batch || (batch.invalidCount > 0 && !skipInvalid) || batch.newCount + batch.changedCount === 0}
            onClick={commit}
          >
            确认导入
          </Button>,
        ]
      default:
        return [
          <Button key="done" type="primary" onClick={onClose}>
            完成
          </Button>,
        ]
    }
  }

  return (
    <Modal {...DIALOG_DEFAULTS} open title={`导入${title}`} width={1100} onCancel={onClose} footer={<Space>{footer()}</Space>}>
      <Steps current={step} items={STEPS} size="small" style={{ margin: '8px 0 20px' }} />
      {body()}
      {fixing && batch && columns.data && (
        <RowFixDialog row={fixing} columns={columns.data} dicts={dicts} onSubmit={fix} onClose={() => setFixing(null)} />
      )}
    </Modal>
  )
}
