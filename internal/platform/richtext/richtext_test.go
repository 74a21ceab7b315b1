package richtext

import "testing"

func TestSanitizeDropsScriptAndHandlers(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		`<p onclick="x()">好</p><script>alert(1)</script>`:    `<p>好</p>`,
		`<a href="javascript:alert(1)">链接</a>`:               `链接`,
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

func TestSanitizeKeepsOnlyOurOwnImages(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		// A picture of a record, served from the file store: kept, with its alt only.
		`<p>图<img src="/api/content/items/7/images/12" alt="会场" onerror="x()" width="900" style="x"></p>`: `<p>图<img src="/api/content/items/7/images/12" alt="会场"></p>`,
		`<img src="/api/content/items/7/images/12">`:                                                      `<img src="/api/content/items/7/images/12">`,
		// Anything else goes, whole.
		`<p>a<img src="https://evil.example/x.png" alt="x">b</p>`:               `<p>ab</p>`,
		`<img src="//evil.example/api/content/items/7/images/12">`:              ``,
		`<img src="/api/content/items/7/images/12?track=1">`:                    ``,
		`<img src="/api/content/items/7/images/12/../../../../file/view?id=1">`: ``,
		`<img src="data:image/png;base64,iVBORw0KGgo=">`:                        ``,
		`<img src="/api/file/view?id=1">`:                                       ``,
		`<img src="x" onerror="alert(1)"><p>正文</p>`:                             `<p>正文</p>`,
		`<img alt="无源">`: ``,
		`<img src="javascript:alert(1)//api/x/1/images/2">`: ``,
	}
	for in, want := range cases {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
	if !OwnImage.MatchString("/api/content/items/7/images/12") || OwnImage.MatchString("/api/content/items/7/images/12x") {
		t.Fatal("OwnImage")
	}
}
