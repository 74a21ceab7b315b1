import { PictureOutlined } from '@ant-design/icons'
import { useEffect, useState } from 'react'
import { viewStoredFile } from '@/api/file'

/** Shows an uploaded image by file id, loaded with the session's token. */
export default function FileImage({ id, size = 40, alt = '' }: { id: number | null | undefined; size?: number; alt?: string }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!id) {
      setUrl(null)
      return
    }
    let live = true
    let made: string | null = null
    // A picture that fails to load shows a placeholder, not an error.
    viewStoredFile(id, { silent: true }).then(
      (blob) => {
        if (!live) return
        made = URL.createObjectURL(blob)
        setUrl(made)
      },
      () => live && setUrl(null),
    )
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [id])
  if (!id) return null
  if (!url) return <PictureOutlined style={{ fontSize: size * 0.6, color: '#bbb' }} />
  return <img src={url} alt={alt} style={{ maxWidth: size, maxHeight: size, objectFit: 'contain' }} />
}
