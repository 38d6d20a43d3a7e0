package dev.pronto.grpc.internal;

import dev.pronto.core.RouteDoc;

/**
 * How gRPC routes appear in the OpenAPI document: a {@code POST} of length-prefixed protobuf messages
 * ({@code application/grpc}) answered 200 whatever the call's outcome, which travels in the
 * {@code grpc-status} trailer (or header, for a trailers-only answer). Why documented at all: the
 * document lists every route the server routes.
 */
final class GrpcDocs {
    private static final String BINARY = "{\"type\":\"string\",\"format\":\"binary\"}";
    private static final String STATUS = "{\"type\":\"string\",\"pattern\":\"^[0-9]+$\"}";

    private GrpcDocs() {
    }

    /** The entry of method {@code fullName} ({@code service/Method}) of gRPC type {@code type} (UNARY, ...). */
    static RouteDoc method(String fullName, String type) {
        return RouteDoc.builder().summary("gRPC " + type.toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                        + " call " + fullName)
                .tag("gRPC").operationId("grpc." + fullName)
                .body("application/grpc", BINARY)
                .response(200, "The call's answer: response messages, then the grpc-status trailer", "application/grpc", BINARY)
                .responseHeader(200, "grpc-status", STATUS)
                .response(415, "The request's Content-Type is not application/grpc", "text/plain", "{\"type\":\"string\"}")
                .build();
    }

    /** The catch-all of {@code service}'s unknown methods: a trailers-only UNIMPLEMENTED. */
    static RouteDoc unknownMethod(String service) {
        return RouteDoc.builder().summary("An unknown method of gRPC service " + service)
                .tag("gRPC").operationId("grpc." + service + ".unknown")
                .pathParam("method", "{\"type\":\"string\"}")
                .response(200, "Trailers-only: grpc-status 12 (UNIMPLEMENTED)")
                .responseHeader(200, "grpc-status", STATUS)
                .build();
    }
}
