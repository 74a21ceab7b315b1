import { http } from '@/api/request'
import { downloadStoredFile, openStoredFile, previewKind, uploadFile } from '@/api/file'
import { deleter } from '@/components/crud'
import { getFetcher } from '@/components/crud/query'
import type { FileModuleOption, FileRow } from './types'

export const fetchFiles = getFetcher<FileRow>('/api/file')
export const deleteFiles = deleter('/api/file')
/** The named module keys, for the 模块 filter. */
export const fetchFileModules = () => http.get<FileModuleOption[]>('/api/file/modules').then((r) => r.data)
export { downloadStoredFile, uploadFile }

/** Images and PDF open in a new tab (fetched with the token, shown from a blob URL). */
export const previewFile = openStoredFile

export const canPreview = (contentType: string) => previewKind('', contentType) !== null
