import MyFees from '../dyHome/MyFees'

/** 我的党费 (the member's phone navigation): their months paid and due, online payment and their payments. */
export default function MyFeesPage() {
  return (
    <div className="member-page">
      <MyFees records />
    </div>
  )
}
