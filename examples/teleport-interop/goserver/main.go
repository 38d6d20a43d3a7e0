// Go httpteleport server for run.sh: answers "go:" + request URI + body, writing the given compression.
package main

import (
	"crypto/tls"
	"flag"
	"log"
	"net"

	"github.com/valyala/fasthttp"
	"github.com/valyala/httpteleport"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18099", "listen address")
	compress := flag.String("compress", "flate", "none|flate|snappy")
	cert := flag.String("cert", "", "PEM certificate: with -key, TLS is offered (clients setting the flag get it)")
	key := flag.String("key", "", "PEM key of -cert")
	flag.Parse()
	ct := httpteleport.CompressFlate
	if *compress == "none" {
		ct = httpteleport.CompressNone
	} else if *compress == "snappy" {
		ct = httpteleport.CompressSnappy
	}
	s := &httpteleport.Server{CompressType: ct, Handler: func(ctx *fasthttp.RequestCtx) {
		ctx.SetContentType("text/plain")
		ctx.Write([]byte("go:"))
		ctx.Write(ctx.RequestURI())
		ctx.Write(ctx.PostBody())
	}}
	if *cert != "" {
		pair, err := tls.LoadX509KeyPair(*cert, *key)
		if err != nil {
			log.Fatal(err)
		}
		s.TLSConfig = &tls.Config{Certificates: []tls.Certificate{pair}}
	}
	ln, err := net.Listen("tcp4", *addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(s.Serve(ln))
}
