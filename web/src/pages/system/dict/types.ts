export interface Dict {
  id: number
  name: string
  description: string
  createTime: string
}

export interface DictBody {
  id?: number
  name: string
  description: string
}

export interface DictDetail {
  id: number
  dictId: number
  label: string
  value: string
  sort: number
  enabled: boolean
  createTime?: string
}

export interface DictDetailBody {
  id?: number
  dictId: number
  label: string
  value: string
  sort: number
  enabled: boolean
}
