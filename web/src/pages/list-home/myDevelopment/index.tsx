import MyDevelopmentCard from './MyDevelopmentCard'

/** 我的发展 (the member's phone navigation): their own development record. */
export default function MyDevelopmentPage() {
  return (
    <div className="member-page">
      <MyDevelopmentCard />
    </div>
  )
}
