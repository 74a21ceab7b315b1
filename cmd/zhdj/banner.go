package main

import "strings"

// startBanner is what serve prints once it listens, framed so that it stands
// out below the output of `make run` (npm, the web build, the demo's
// seeding): the address and, on the first start, the administrator's
// one-time password (printed here only; it is stored only as a hash).
// envPassword tells that the password came from ZHDJ_ADMIN_PASSWORD.
func startBanner(url, generated string, envPassword bool) string {
	lines := []string{"智慧党建已启动 / zhdj is running: " + url}
	switch {
	case generated != "":
		lines = append(lines,
			"首次启动已创建管理员账号 / administrator account: admin",
			"初始密码 / one-time password: "+generated,
			"（仅显示这一次，首次登录后须修改 / shown only this once, to be changed at first sign-in）")
	case envPassword:
		lines = append(lines, "管理员账号 admin，密码由 ZHDJ_ADMIN_PASSWORD 设置 / password from ZHDJ_ADMIN_PASSWORD")
	}
	return frame(lines)
}

// frame draws a double-lined box around lines, wide characters counted as
// two columns as terminals show them.
func frame(lines []string) string {
	width := 0
	for _, l := range lines {
		width = max(width, displayWidth(l))
	}
	var b strings.Builder
	b.WriteString("\n╔" + strings.Repeat("═", width+4) + "╗\n")
	for _, l := range lines {
		b.WriteString("║  " + l + strings.Repeat(" ", width-displayWidth(l)) + "  ║\n")
	}
	b.WriteString("╚" + strings.Repeat("═", width+4) + "╝\n\n")
	return b.String()
}

// displayWidth is the columns a terminal gives s: two for East Asian wide
// and full-width characters, one for the rest.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if isWide(r) {
			n++
		}
	}
	return n
}

func isWide(r rune) bool {
	return r >= 0x1100 && r <= 0x115F || r >= 0x2E80 && r <= 0xA4CF || r >= 0xAC00 && r <= 0xD7A3 ||
		r >= 0xF900 && r <= 0xFAFF || r >= 0xFE30 && r <= 0xFE4F || r >= 0xFF00 && r <= 0xFF60 ||
		r >= 0xFFE0 && r <= 0xFFE6
}
