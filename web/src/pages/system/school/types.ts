export interface School {
  id: number
  code: string
  name: string
  logoFileId: number | null
  footer: string
  titlePrefix: string
  createTime?: string
  updateTime?: string
}

export type SchoolBody = Omit<School, 'id' | 'createTime' | 'updateTime'> & { id?: number }
