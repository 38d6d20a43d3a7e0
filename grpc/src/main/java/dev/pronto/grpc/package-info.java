/** gRPC serving on Pronto's HTTP/2 exchanges: {@link dev.pronto.grpc.Grpc}. */
package dev.pronto.grpc;
