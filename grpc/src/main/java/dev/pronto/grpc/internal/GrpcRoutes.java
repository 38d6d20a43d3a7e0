package dev.pronto.grpc.internal;

import dev.pronto.core.AccessLog;
import dev.pronto.core.Handler;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.Routes;
import dev.pronto.grpc.GrpcConfig;
import io.grpc.Context;
import io.grpc.InternalServer;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.netty.util.AsciiString;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Turns service definitions into routes: {@code POST /<service>/<method>} per method, streaming
 * its body on the event loop, a catch-all per service for its unknown methods, and a not-found
 * handler that answers gRPC requests for unknown services with UNIMPLEMENTED (others with 404).
 */
public final class GrpcRoutes {
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "pronto-grpc-deadlines");
        t.setDaemon(true);
        return t;
    });
    private static final Executor VIRTUAL = Executors.newThreadPerTaskExecutor(Thread.ofVirtual()
            .name("pronto-grpc-", 0).factory());

    private static final AsciiString GRPC_TYPE = AsciiString.cached("application/grpc");
    /** Calls are long-lived message streams: each message is bounded (maxInboundMessageSize), not the call. */
    private static final RouteOptions CALLS = RouteOptions.defaults().messageStream();

    private GrpcRoutes() {
    }

    /** Registers {@code services} on {@code r}; {@code blocking} lists those whose callbacks may block. */
    public static void register(Routes r, List<ServerServiceDefinition> services, List<ServerServiceDefinition> blocking,
                                GrpcConfig config) {
        List<ServerServiceDefinition> all = new java.util.ArrayList<>(services);
        all.addAll(blocking);
        Context root = Context.ROOT.withValue(InternalServer.SERVER_CONTEXT_KEY, new ServerView(all));
        GrpcRuntime loop = new GrpcRuntime(config, DEADLINES, SerialExecutor.DIRECT, root);
        GrpcRuntime virtual = new GrpcRuntime(config, DEADLINES, VIRTUAL, root);
        services.forEach(s -> service(r, s, loop));
        blocking.forEach(s -> service(r, s, virtual));
        r.root().notFound(GrpcRoutes::unknownService);
    }

    private static void service(Routes r, ServerServiceDefinition service, GrpcRuntime runtime) {
        String name = service.getServiceDescriptor().getName();
        for (ServerMethodDefinition<?, ?> m : service.getMethods()) {
            String method = m.getMethodDescriptor().getFullMethodName();
            r.post("/" + method, CALLS.doc(GrpcDocs.method(method, m.getMethodDescriptor().getType().name())),
                    handler(m, runtime));
        }
        r.post("/" + name + "/{method}", CALLS.doc(GrpcDocs.unknownMethod(name)), (req, res) ->
                trailersOnly(req, res, Status.UNIMPLEMENTED.withDescription("Method not found: " + name + "/" + req.param("method"))));
    }

    private static <Q, R> Handler handler(ServerMethodDefinition<Q, R> m, GrpcRuntime runtime) {
        ServerCallHandler<Q, R> calls = m.getServerCallHandler();
        return (req, res) -> {
            CallHeaders headers = CallHeaders.read(req);
            if (!headers.grpc) {
                res.status(415).send("gRPC needs content-type application/grpc");
                return;
            }
            new GrpcCall<>(m.getMethodDescriptor(), runtime, headers, res).start(calls);
        };
    }

    private static void unknownService(Request req, Response res) throws NotFoundException {
        if (isGrpc(req)) {
            String path = req.rawPath();
            trailersOnly(req, res, Status.UNIMPLEMENTED.withDescription("Method not found: " + path.substring(1)));
        } else {
            throw new NotFoundException("Not Found");
        }
    }

    private static boolean isGrpc(Request req) {
        return CallHeaders.grpcType(req.peekHeader("content-type"));
    }

    /**
     * Leaves the call's status code in the request attribute the response hooks read (access log,
     * request metrics). Set before the response is handed over, so the hooks, which run after the
     * hand-off on the event loop, see it; a call whose exchange already ended (cancelled) has nothing
     * left to record.
     */
    static void recordStatus(Request req, Status status) {
        try {
            req.attribute(AccessLog.GRPC_STATUS, status.getCode().value());
        } catch (IllegalStateException exchangeEnded) {
            // the client went away first: the exchange, and its hooks, are done
        }
    }

    private static void trailersOnly(Request req, Response res, Status status) {
        recordStatus(req, status);
        // not trailers-only: core sends no content-type with an empty body (see ResponseWriter.close)
        res.status(200).contentType(GRPC_TYPE);
        dev.pronto.core.BodyWriter writer = res.stream();
        res.trailer("grpc-status", ResponseWriter.code(status))
                .trailer("grpc-message", StatusText.encode(status.getDescription()));
        writer.end();
    }
}
