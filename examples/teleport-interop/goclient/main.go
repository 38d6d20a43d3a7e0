// Go httpteleport client for run.sh: three GETs of /baseline11 with the given compression, printed.
package main

import (
	"crypto/tls"
	"crypto/x509"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/httpteleport"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "teleport server")
	compress := flag.String("compress", "flate", "none|flate|snappy")
	ca := flag.String("ca", "", "PEM certificate to trust: set, the client asks for TLS (handshake flag 1)")
	flag.Parse()
	var ct httpteleport.CompressType
	switch *compress {
	case "none":
		ct = httpteleport.CompressNone
	case "snappy":
		ct = httpteleport.CompressSnappy
	default:
		ct = httpteleport.CompressFlate
	}
	c := &httpteleport.Client{Addr: *addr, CompressType: ct}
	mode := "plain"
	if *ca != "" {
		pem, err := os.ReadFile(*ca)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		roots := x509.NewCertPool()
		roots.AppendCertsFromPEM(pem)
		c.TLSConfig = &tls.Config{RootCAs: roots, ServerName: "localhost"}
		mode = "tls"
	}
	for i := 0; i < 3; i++ {
		req := fasthttp.AcquireRequest()
		resp := fasthttp.AcquireResponse()
		req.SetRequestURI(fmt.Sprintf("http://backend/baseline11?a=%d&b=2", i))
		if err := c.DoTimeout(req, resp, 3*time.Second); err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Printf("%s %s %d %s\n", mode, *compress, resp.StatusCode(), resp.Body())
	}
}
