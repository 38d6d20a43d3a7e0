/** Implementation of the gRPC wire protocol over Pronto exchanges; not API. */
package dev.pronto.grpc.internal;
