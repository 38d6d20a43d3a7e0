// Command h3go is the independent HTTP/3 side of jmh/load/h3-go.sh, on quic-go's http3 package:
//
//	h3go server <port> <cert> <key> <staticDir>   quic-go's HTTP/3 server with the arena routes
//	h3go load <conns> <streams> <warmupS> <durationS> <url>...
//	                                               closed-loop load; prints one RESULT line
//	h3go connects <n> <url>                       n new connections one after another, one GET each; prints
//	                                               the median and p90 time of connection + request
//	h3go unread <conns> <streams> <url>           opens conns x streams GETs with 16 KiB stream windows,
//	                                               reads only the response heads, prints READY, holds until stdin closes
package main

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: h3go server|load|unread ...")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "server":
		serve(os.Args[2], os.Args[3], os.Args[4], os.Args[5])
	case "load":
		load(atoi(os.Args[2]), atoi(os.Args[3]), atoi(os.Args[4]), atoi(os.Args[5]), os.Args[6:])
	case "connects":
		connects(atoi(os.Args[2]), os.Args[3])
	case "unread":
		unread(atoi(os.Args[2]), atoi(os.Args[3]), os.Args[4])
	default:
		fmt.Fprintln(os.Stderr, "unknown command", os.Args[1])
		os.Exit(2)
	}
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

func serve(port, cert, key, dir string) {
	files := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".br") || strings.HasSuffix(e.Name(), ".gz") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			panic(err)
		}
		files[e.Name()] = b
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/baseline2", func(w http.ResponseWriter, r *http.Request) {
		a, _ := strconv.ParseInt(r.URL.Query().Get("a"), 10, 64)
		b, _ := strconv.ParseInt(r.URL.Query().Get("b"), 10, 64)
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, strconv.FormatInt(a+b, 10))
	})
	mux.HandleFunc("/static/", func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/static/")
		b, ok := files[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		t := mime.TypeByExtension(filepath.Ext(name))
		if t == "" {
			t = "application/octet-stream"
		}
		w.Header().Set("Content-Type", t)
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Write(b)
	})
	s := http3.Server{Addr: "127.0.0.1:" + port, Handler: mux}
	if err := s.ListenAndServeTLS(cert, key); err != nil {
		panic(err)
	}
}

func transport(window uint64) *http3.Transport {
	q := &quic.Config{MaxIncomingStreams: 1000}
	if window > 0 {
		q.InitialStreamReceiveWindow = window
		q.MaxStreamReceiveWindow = window
		q.InitialConnectionReceiveWindow = window * 1024
		q.MaxConnectionReceiveWindow = window * 1024
	}
	// identity bodies: every server sends the same bytes (a server with precompressed files would otherwise send
	// gzip, which this client inflates on its own core, and the comparison would measure different work)
	return &http3.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}, QUICConfig: q,
		DisableCompression: true}
}

type worker struct {
	ok, non2xx, errors int64
	bytes              int64
	latencies          []int64
	firstError         string
}

func load(conns, streams, warmup, duration int, urls []string) {
	var counting atomic.Bool
	var stop atomic.Bool
	workers := make([]*worker, conns*streams)
	var wg sync.WaitGroup
	for c := 0; c < conns; c++ {
		client := &http.Client{Transport: transport(0)}
		for s := 0; s < streams; s++ {
			w := &worker{}
			workers[c*streams+s] = w
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				for n := i; !stop.Load(); n++ {
					start := time.Now()
					status, size, err := get(client, urls[n%len(urls)])
					counted := counting.Load() && !stop.Load()
					if !counted {
						continue
					}
					switch {
					case err != nil:
						w.errors++
						if w.firstError == "" {
							w.firstError = err.Error()
						}
					case status/100 != 2:
						w.non2xx++
					default:
						w.ok++
						w.bytes += size
						w.latencies = append(w.latencies, time.Since(start).Microseconds())
					}
				}
			}(c*streams + s)
		}
	}
	time.Sleep(time.Duration(warmup) * time.Second)
	counting.Store(true)
	began := time.Now()
	time.Sleep(time.Duration(duration) * time.Second)
	stop.Store(true)
	seconds := time.Since(began).Seconds()
	wg.Wait()
	var ok, non2xx, errors, bytes int64
	var all []int64
	first := ""
	for _, w := range workers {
		ok += w.ok
		non2xx += w.non2xx
		errors += w.errors
		bytes += w.bytes
		all = append(all, w.latencies...)
		if first == "" {
			first = w.firstError
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	fmt.Printf("RESULT proto=quic-go connections=%d streams=%d rps=%.0f ok=%d non2xx=%d errors=%d"+
		" p50_us=%d p90_us=%d p99_us=%d p999_us=%d max_us=%d body_bytes=%d\n", conns, streams, float64(ok)/seconds, ok,
		non2xx, errors, pct(all, 0.5), pct(all, 0.9), pct(all, 0.99), pct(all, 0.999), pct(all, 1), perRequest(bytes, ok))
	if first != "" {
		fmt.Println("first error", first)
	}
}

func perRequest(bytes, ok int64) int64 {
	if ok == 0 {
		return 0
	}
	return bytes / ok
}

// get returns the status and the body's length as received (identity: see transport)
func get(client *http.Client, url string) (int, int64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := client.Do(req)
	if err != nil {
		return 0, 0, err
	}
	n, err := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, n, err
}

func pct(sorted []int64, p float64) int64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p * float64(len(sorted)-1))
	return sorted[i]
}

func unread(conns, streams int, url string) {
	var wg sync.WaitGroup
	var heads, failed atomic.Int64
	var held sync.Mutex
	var bodies []io.ReadCloser
	for c := 0; c < conns; c++ {
		client := &http.Client{Transport: transport(16 * 1024)}
		for s := 0; s < streams; s++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := client.Get(url)
				if err != nil {
					failed.Add(1)
					fmt.Fprintln(os.Stderr, err)
					return
				}
				heads.Add(1)
				held.Lock()
				bodies = append(bodies, resp.Body)
				held.Unlock()
			}()
		}
	}
	wg.Wait()
	fmt.Printf("READY heads=%d failed=%d\n", heads.Load(), failed.Load())
	io.Copy(io.Discard, os.Stdin)
	for _, b := range bodies {
		b.Close()
	}
}

func connects(n int, url string) {
	var times []int64
	for i := 0; i < n; i++ {
		tr := transport(0)
		client := &http.Client{Transport: tr}
		start := time.Now()
		status, _, err := get(client, url)
		elapsed := time.Since(start).Microseconds()
		tr.Close()
		if err != nil || status != 200 {
			fmt.Fprintln(os.Stderr, "failed:", status, err)
			os.Exit(1)
		}
		times = append(times, elapsed)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	fmt.Printf("RESULT connects=%d p50_us=%d p90_us=%d\n", n, pct(times, 0.5), pct(times, 0.9))
}
