import ItemPage from '../shared/ItemPage'

/** 党务新闻 (menu component content/news). */
export default function NewsPage() {
  return <ItemPage kind="NEWS" />
}
