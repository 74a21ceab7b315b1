import type { StoredFile } from '@/api/file'

/** A row of GET /api/file. */
export interface FileRow extends StoredFile {
  sha256?: string
  isPublic: boolean
  uploaderId: number | null
  uploaderName?: string
}
