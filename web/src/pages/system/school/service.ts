import { post, put } from '@/api/request'
import { uploadFile } from '@/api/file'
import { deleter, getFetcher } from '@/components/crud'
import type { School, SchoolBody } from './types'

export const fetchSchools = getFetcher<School>('/api/school')
export const createSchool = (body: SchoolBody) => post<School>('/api/school', body)
export const updateSchool = (body: SchoolBody) => put<void>('/api/school', body)
export const deleteSchools = deleter('/api/school')

/** Logos are ordinary uploads; the school then refers to the file by id. */
export const uploadLogo = (file: File, onProgress?: (p: number) => void) => uploadFile(file, { moduleName: 'school', tag: 'logo', onProgress })
