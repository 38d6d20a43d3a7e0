// Go httpteleport server for run.sh: answers "go:" + request URI + body, writing the given compression.
package main

import (
	"flag"
	"log"
	"net"

	"github.com/valyala/fasthttp"
	"github.com/valyala/httpteleport"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18099", "listen address")
	compress := flag.String("compress", "flate", "none|flate|snappy")
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
	ln, err := net.Listen("tcp4", *addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(s.Serve(ln))
}
