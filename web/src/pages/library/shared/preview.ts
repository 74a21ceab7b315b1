import { http } from '@/api/request'
import { downloadFile, openBlob } from '@/api/file'
import { get } from '@/api/request'
import { ui } from '@/app/bridge'

/** How the server says a document previews (GET …/preview). */
export interface Preview {
  mode: 'pdf' | 'office' | 'download'
  url: string
}

/**
 * Opens a document's preview: a PDF from our inline route (fetched with the session's token, shown from a blob
 * URL), an Office file on the preview server's page (its link is signed and expires in minutes), otherwise the
 * file is downloaded.
 */
export async function openPreview(previewUrl: string, downloadUrl: string, name: string): Promise<void> {
  const p = await get<Preview>(previewUrl)
  if (p.mode === 'pdf') {
    const res = await http.get<Blob>(p.url, { responseType: 'blob' })
    openBlob(res.data)
  } else if (p.mode === 'office') {
    window.open(p.url, '_blank', 'noopener,noreferrer')
  } else {
    ui.message.info('未配置文档预览服务，已改为下载')
    await downloadFile(downloadUrl, undefined, name)
  }
}
