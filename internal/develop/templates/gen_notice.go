//go:build ignore

// gen_notice writes notice.docx, the template of a public notice (公示) of
// the development of new members: its document and styles, packaged by
// docx.Package. Run from this folder after changing it:
//
//	go run gen_notice.go
//
// The placeholders {{…}} are filled by internal/develop/noticedoc.go.
package main

import (
	"log"
	"os"
	"strings"

	"zhdj/internal/platform/docx"
)

// styles: 仿宋 三号 (16 pt) for the text, as official documents are set.
const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="FangSong" w:hAnsi="FangSong" w:eastAsia="仿宋"/><w:sz w:val="32"/><w:szCs w:val="32"/><w:lang w:eastAsia="zh-CN"/></w:rPr></w:rPrDefault>
<w:pPrDefault><w:pPr><w:spacing w:line="560" w:lineRule="exact"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
</w:styles>`

// paragraph kinds of the document.
func title(text string) string {
	return `<w:p><w:pPr><w:jc w:val="center"/><w:spacing w:after="240"/></w:pPr><w:r><w:rPr><w:rFonts w:eastAsia="方正小标宋简体"/><w:b/><w:sz w:val="44"/><w:szCs w:val="44"/></w:rPr><w:t>` + text + `</w:t></w:r></w:p>`
}

func main() {
	paras := []string{
		title("{{title}}"),
		docx.Para("经{{orgName}}研究，拟将下列同志{{purpose}}，现予以公示："),
		docx.Para("{{records}}"),
		docx.Para("公示时间：{{startOn}}至{{endOn}}。"),
		docx.Para("{{content}}"),
		docx.Para("公示期间，党员和群众可通过来电、来信、来访等方式反映情况和意见。反映问题应实事求是，以真实姓名反映。联系方式：{{contact}}。"),
		`<w:p/>`,
		docx.Right("{{orgName}}"),
		docx.Right("{{issuedOn}}"),
	}
	document := docx.Document(strings.Join(paras, ""), `<w:pgMar w:top="2098" w:right="1474" w:bottom="1984" w:left="1588" w:header="851" w:footer="992" w:gutter="0"/>`)
	out, err := docx.Package(document, styles)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("notice.docx", out, 0o644); err != nil {
		log.Fatal(err)
	}
}
