import { Image } from 'antd'
import { useEffect, useState, type ReactNode } from 'react'
import { openBlob, previewKind, viewStoredFile } from '@/api/file'
import type { Attachment } from './types'

interface Shown {
  url: string
  name: string
}

/**
 * Previews stored files: images in antd's Image preview, PDF in a new tab; both fetched with the session's
 * token (a plain URL would not carry it), from the file service or from `view` (a record's attachment
 * route). Render `node` once where the hook is used.
 */
export function useFilePreview(view: (a: Attachment) => Promise<Blob> = (a) => viewStoredFile(a.id)): { canPreview: (a: Attachment) => boolean; preview: (a: Attachment) => Promise<void>; node: ReactNode } {
  const [image, setImage] = useState<Shown | null>(null)
  // The blob URL lives while its preview is open: freed when it closes, changes or the owner unmounts.
  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image.url)
    },
    [image],
  )

  const preview = async (a: Attachment) => {
    const kind = previewKind(a.name, a.contentType)
    if (kind === 'pdf') openBlob(await view(a))
    else if (kind === 'image') setImage({ url: URL.createObjectURL(await view(a)), name: a.name })
  }
  const node = image && (
    <Image
      style={{ display: 'none' }}
      src={image.url}
      alt={image.name}
      preview={{ open: true, src: image.url, onOpenChange: (open) => !open && setImage(null) }}
    />
  )
  return { canPreview: (a) => previewKind(a.name, a.contentType) !== null, preview, node }
}
