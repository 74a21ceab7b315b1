import ItemPage from '../shared/ItemPage'

/** 文章管理 (menu component content/article). */
export default function ArticlePage() {
  return <ItemPage kind="ARTICLE" />
}
