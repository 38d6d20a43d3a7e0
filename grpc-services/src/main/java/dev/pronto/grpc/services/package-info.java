/**
 * Standard gRPC services for {@code pronto-grpc}: {@link dev.pronto.grpc.services.GrpcHealth} (grpc.health.v1,
 * tied to Pronto's readiness) and {@link dev.pronto.grpc.services.GrpcReflection} (server reflection).
 */
package dev.pronto.grpc.services;
