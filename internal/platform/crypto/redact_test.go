package crypto

import (
	"net/url"
	"testing"
)

// A log keeps no secret and no personal value in clear: by field name at any
// depth, and by the look of a value wherever it stands.
func TestRedactJSON(t *testing.T) {
	t.Parallel()
	in := `{"id":12,"name":"张三","password":"x","newPass":"enc","oldPass":"enc","token":"t","idNumber":"11010519900307111X",` +
		`"phone":"13800138000","contactPhones":["13800138000","010-1234"],"cells":{"sfzh":"110105199003071118","remark":"电话13912345678"},` +
		`"rows":[{"note":"13912345678"},{"note":"110105199003071118"}],"count":3}`
	out, ok := RedactJSON([]byte(in))
	want := `{"cells":{"remark":"电话139****5678","sfzh":"110105********1118"},"contactPhones":["138****8000","010*1234"],` +
		`"count":3,"id":12,"idNumber":"110105********111X","name":"张三","newPass":"******","oldPass":"******","password":"******",` +
		`"phone":"138****8000","rows":[{"note":"139****5678"},{"note":"110105********1118"}],"token":"******"}`
	if !ok || string(out) != want {
		t.Fatalf("got %s", out)
	}
	if _, ok := RedactJSON([]byte(`{"a":`)); ok {
		t.Fatal("broken JSON accepted")
	}
	if q := RedactQuery(url.Values{"unmask": {"true"}, "mobile": {"13800138000"}, "reason": {"年度统计核对"}}); q != "mobile=138%2A%2A%2A%2A8000&reason=%E5%B9%B4%E5%BA%A6%E7%BB%9F%E8%AE%A1%E6%A0%B8%E5%AF%B9&unmask=true" {
		t.Fatalf("query %s", q)
	}
}
