import type { StoredFile } from '@/api/file'

/** A row of GET /api/file. */
export interface FileRow extends StoredFile {
  sha256?: string
  isPublic: boolean
  uploaderId: number | null
  uploaderName?: string
  /** The readable names of moduleName, tag and contentType, answered by the server (其他 for a code nobody named). */
  moduleLabel?: string
  tagLabel?: string
  typeLabel?: string
}

/** A choice of the 模块 filter: a module key and its name (GET /api/file/modules). */
export interface FileModuleOption {
  value: string
  label: string
}
