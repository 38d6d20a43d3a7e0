/** The Vert.x 5 gRPC server baseline of {@code jmh/load/grpc.sh}, built apart from the jmh module for its Vert.x version. */
package dev.pronto.jmh.vertxgrpc;
