/** gRPC servers for {@code jmh/load/grpc.sh}: Pronto and grpc-java's Netty server, one shared service. */
package dev.pronto.jmh.grpc;
