package richtext

import "testing"

func TestSanitizeDropsScriptAndHandlers(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		`<p onclick="x()">好</p><script>alert(1)</script>`:    `<p>好</p>`,
		`<a href="javascript:alert(1)">链接</a>`:               `链接`,
		`<img src="/api/file/view/1" onerror="x()">`:         `<img src="/api/file/view/1">`,
		`  <h2>标题</h2><iframe src="https://e.com"></iframe>`: `<h2>标题</h2>`,
	}
	for in, want := range cases {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTextKeepsWordsOnly(t *testing.T) {
	t.Parallel()
	got := Text(`<h1>学习</h1><p>贯彻<b>落实</b></p><script>var a</script><ul><li>一</li><li>二</li></ul>`)
	if want := "学习 贯彻落实 一 二"; got != want {
		t.Fatalf("Text = %q, want %q", got, want)
	}
}
