package dev.pronto.proxy.internal;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.core.HttpException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.router.Method;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;

/**
 * One request forwarded with streamed bodies (a streaming route). The upstream request starts at
 * the body's first event: without a body it is an ordinary request (retried like {@link Forwarder}'s
 * when the upstream cannot be reached); with one, the body flows through an {@link UploadBody} as the
 * upstream takes it, and is never retried (its bytes are gone). HTTP/1.1 and HTTP/2 upstreams send
 * their response body through a {@link DownloadBody}; a teleport upstream gets the body gathered
 * whole (up to the proxy's limit, 413 past it) and answers whole, as its protocol frames messages by
 * Content-Length. Runs on the server connection's event loop. Internal: not API.
 */
public final class StreamedCall implements Waiter {
    private final Request req;
    private final Response res;
    private final StreamedRoute route;
    private final UploadBody upload;
    private Member member;
    private int tries;
    /** 1 when the request has a body (its first chunk came), 0 when it has none. */
    private int hasBody;

    private StreamedCall(Request req, Response res, StreamedRoute route, EventExecutor loop) {
        this.req = req;
        this.res = res;
        this.route = route;
        this.upload = new UploadBody(req, loop, this::begin);
    }

    /**
     * Forwards {@code req}, answering {@code res} later. Must run on the server's event loop.
     *
     * @throws IllegalStateException when not on an event loop, or the route is not a streaming one
     */
    public static void forward(Request req, Response res, StreamedRoute route) {
        EventExecutor loop = ThreadExecutorMap.currentExecutor();
        if (loop == null) {
            throw new IllegalStateException("a streaming proxy route runs on the event loop: register it with "
                    + "RouteOptions.streaming(), not a blocking route");
        }
        StreamedCall call = new StreamedCall(req, res.async(), route, loop);
        if (bodiless(req)) {
            call.begin(0);
        } else {
            req.onBody(call.upload);
        }
    }

    /** An HTTP/1 request without Content-Length or Transfer-Encoding has no body, and so no body stream. */
    private static boolean bodiless(Request req) {
        return !req.protocol().equals("HTTP/2.0") && req.contentLength() == 0 && req.header("transfer-encoding") == null;
    }

    /** The body's first event: {@code hasBody} 1 when a chunk came first, 0 when it ended empty. */
    private void begin(int body) {
        hasBody = body;
        route.members().admit(this, member);
    }

    @Override
    public void onAbandon(Runnable action) {
        res.onCancel(action);
    }

    @Override
    public void refuse(String reason) {
        upload.cancel();
        res.status(503).header("Retry-After", "1").send("Service Unavailable: " + reason);
    }

    @Override
    public void start(Member m) {
        member = m;
        String address = m.upstream.address();
        String host = route.preserveHost() && req.header("host") != null ? req.header("host") : address;
        ClientRequest.Builder up;
        try {
            up = Forwarding.head(req, address, host, route.via(), m.upstream.timeout());
        } catch (HttpException bad) {
            // answered here, not thrown: a request that waited starts on whichever loop freed a slot
            route.members().release(m);
            upload.cancel();
            res.status(bad.status()).send(bad.getMessage());
            return;
        }
        if (hasBody == 0) {
            send(up.build(), hasBody);
        } else if (m.sender.wholeBodies()) {
            upload.subscribe(new GatheredBody(route.maxWholeBody(), ByteBufAllocator.DEFAULT, (body, e) -> {
                if (e != null) {
                    gatherFailed(e);
                } else {
                    sendWhole(up.body(body).build(), body);
                }
            }));
        } else {
            send(up.body(upload).build(), hasBody);
        }
    }

    private void send(ClientRequest request, int hasBody) {
        Member m = member;
        if (m.sender.wholeBodies() || req.method() == Method.HEAD) {
            m.sender.send(request).whenComplete((r, e) -> answered(r, e, hasBody));
            return;
        }
        DownloadBody body = new DownloadBody(res, () -> route.members().release(m));
        m.sender.stream(request, body).whenComplete((r, e) -> {
            if (e != null) {
                route.members().release(m);
                failed(Forwarder.unwrap(e), hasBody);
                return;
            }
            m.succeeded();
            try (r) {
                Forwarding.copyHead(r, res, route.via());
            }
        });
    }

    private void sendWhole(ClientRequest request, ByteBuf body) {
        member.sender.send(request).whenComplete((r, e) -> {
            body.release();
            answered(r, e, 1);
        });
    }

    private void answered(ClientResponse r, Throwable e, int hasBody) {
        route.members().release(member);
        if (e == null) {
            member.succeeded();
            Forwarding.respond(r, res, req.method(), route.via());
        } else {
            failed(Forwarder.unwrap(e), hasBody);
        }
    }

    private void failed(Throwable cause, int hasBody) {
        boolean retryable = hasBody == 0 && Forwarder.idempotent(req.method())
                && tries < route.members().policy().retries();
        upload.cancel();
        if (Forwarder.answerFailure(res, route.members(), member, cause, retryable)) {
            tries++;
            begin(0);
        }
    }

    private void gatherFailed(Throwable e) {
        route.members().release(member);
        if (e instanceof GatheredBody.BodyTooLarge) {
            res.status(413).send("Content Too Large: " + e.getMessage());
        } else {
            // the client's body broke off: the server closes the connection; this answer may not reach it
            res.status(400).send("Bad Request: the request body ended early: " + e.getMessage());
        }
    }
}
