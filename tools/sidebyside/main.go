// Command sidebyside is a closed-loop HTTP load client for the side-by-side
// figures of docs/performance.md (zhdj and gin-vue-admin, issue 34): C
// clients send one request after another for D, then it prints the requests
// per second and the median latency. A response other than 200 counts as an
// error.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
)

func main() {
	method := flag.String("m", "GET", "method")
	url := flag.String("u", "", "url")
	body := flag.String("b", "", "body")
	headers := flag.String("H", "", "headers k:v|k:v")
	clients := flag.Int("c", 8, "clients")
	dur := flag.Duration("d", 10*time.Second, "duration")
	flag.Parse()
	tr := &http.Transport{MaxIdleConnsPerHost: 64, MaxConnsPerHost: 64}
	cl := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var mu sync.Mutex
	var lats []time.Duration
	errs := 0
	deadline := time.Now().Add(*dur)
	var wg sync.WaitGroup
	for i := 0; i < *clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest(*method, *url, bytes.NewReader([]byte(*body)))
				for _, h := range strings.Split(*headers, "|") {
					if k, v, ok := strings.Cut(h, ":"); ok {
						req.Header.Set(k, strings.ReplaceAll(v, "%20", " "))
					}
				}
				if *body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				t := time.Now()
				res, err := cl.Do(req)
				if err != nil {
					bad++
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					bad++
				}
				mine = append(mine, time.Since(t))
			}
			mu.Lock()
			lats = append(lats, mine...)
			errs += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Slice(lats, func(i, j int) bool { return lats[i] < lats[j] })
	if len(lats) == 0 {
		fmt.Println("no requests")
		os.Exit(1)
	}
	fmt.Printf("%.0f req/s p50 %.2f ms errors %d\n", float64(len(lats))/dur.Seconds(), float64(lats[len(lats)/2].Microseconds())/1000, errs)
}
