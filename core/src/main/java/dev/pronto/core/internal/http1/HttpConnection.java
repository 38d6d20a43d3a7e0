package dev.pronto.core.internal.http1;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Carrier;
import dev.pronto.core.internal.exchange.Errors;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.FilePart;
import dev.pronto.core.internal.exchange.FramedBody;
import dev.pronto.core.internal.exchange.ProtocolSwitch;
import dev.pronto.core.internal.exchange.ReadGate;
import dev.pronto.core.internal.exchange.ResponseBody;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.util.ConnectionClock;
import dev.pronto.core.internal.util.DateHeader;
import dev.pronto.wire.Ascii;
import dev.pronto.wire.HeadBytes;
import dev.pronto.wire.Http1Head;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.stream.ChunkedNioFile;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.ReferenceCountUtil;
import java.net.SocketAddress;
import java.util.function.Consumer;

/**
 * One HTTP/1.1 connection, the carrier of its exchanges: decodes every request of a read batch in
 * place, dispatches each, and writes responses strictly in request order, flushing once per read
 * batch (or once per event-loop turn for async completions). Reading is paused only through its
 * {@link ReadGate}. All state is confined to the channel's event loop; the {@link Carrier} methods
 * that other threads may call move themselves onto it.
 */
public final class HttpConnection extends ChannelInboundHandlerAdapter implements Carrier, ServerConnection, ProtocolSwitch {
    final ServerContext server;
    private final RequestDecoder decoder;
    private ChannelHandlerContext ctx;
    final ResponseQueue queue;
    /** The queue's batch: what the connection writes itself (a 101 head, 100 Continue) goes behind it. */
    private final OutboundBatch out;
    /** Asked by the decoder itself before each request (one call, not two through the connection). */
    ReadGate gate;
    /** The Date line of responses made while decoding one read: one clock read per read, not per response. */
    private byte[] batchDate;
    private boolean closing;
    private volatile boolean draining;
    /** Read and touched directly per request and per read; its tick runs the connection's {@link ConnectionTimer}. */
    final ConnectionClock clock;
    /** Until the first bytes were checked for the h2c preface; null when h2c is off or settled. */
    private H2cSniffer sniffer;
    /** Whether {@code Upgrade: h2c} is honoured: a cleartext listener that offers h2c. */
    private boolean h2cUpgrade;
    /** Bytes read per chunk of a file sent over TLS. */
    private static final int FILE_CHUNK = 64 * 1024;
    private io.netty.handler.ssl.SslHandler tls;
    /** The listener's {@code Alt-Svc} value, or null. */
    private final String altSvc;

    /**
     * Creates the handler of one connection; see {@link ServerContext}.
     *
     * @param altSvc the {@code Alt-Svc} value its responses advertise (the listener's), or null
     */
    public HttpConnection(ServerContext server, String altSvc) {
        this.server = server;
        this.altSvc = altSvc;
        this.queue = new ResponseQueue(this);
        this.out = queue.out;
        this.decoder = new RequestDecoder(this, server.config());
        this.clock = new ConnectionClock(server.config(), new ConnectionTimer(this, server.config()));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        queue.attach(ctx);
        queue.pool.attachClosing(ctx.channel().eventLoop(), this);
        this.gate = new ReadGate(ctx.channel(), this::decodeBuffered);
        this.tls = ctx.pipeline().get(io.netty.handler.ssl.SslHandler.class);
        ctx.channel().closeFuture().addListener(f -> closed());
        if (ctx.channel().isActive()) {
            // installed after activation (behind a TLS handshake): channelActive will not reach us
            server.opened(this);
            clock.start(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        server.opened(this);
        if (draining) {
            closeNow();
        }
        clock.start(ctx);
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        teardown();
        super.channelInactive(ctx);
    }

    /**
     * The socket closed: frees what the connection holds at once. channelInactive may come much later, or
     * not at all: on io_uring (Netty 4.2.18) connections reset mid-upload were seen closed, their
     * channelInactive still not delivered 10 s later; their exchanges (and upload files) must not wait for it.
     */
    private void closed() {
        if (!ctx.isRemoved()) {
            teardown();
        }
    }

    /** Frees what this connection holds: it closed, or the HTTP/2 handler replaced it. Idempotent. */
    private void teardown() {
        server.closed(this);
        clock.stop();
        closing = true;
        decoder.release();
        queue.releaseAll();
        out.release();
        if (sniffer != null) {
            sniffer.release();
            sniffer = null;
        }
    }

    /** Lets a client that starts with the HTTP/2 preface speak h2c (prior knowledge) on this connection. */
    public void acceptH2cPriorKnowledge() {
        sniffer = new H2cSniffer(server, altSvc);
        h2cUpgrade = true;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (closing || !(msg instanceof ByteBuf buf)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        H2cSniffer sniffing = sniffer;
        if (sniffing != null) {
            // may replace this handler by the HTTP/2 one, which clears the field on the way out
            buf = sniffing.offer(ctx, this, buf);
            if (sniffing.done()) {
                sniffer = null;
            }
            if (buf == null) {
                return;
            }
        }
        out.beginRead();
        batchDate = null;
        clock.touch();
        decoder.offer(buf);
        decoder.decode();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        // replaced by the HTTP/2 handler: this connection is no longer one the server tracks
        teardown();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        decoder.compact();
        out.readEnded();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        gate.followWritability();
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        server.connectionFailed(ctx.channel(), cause);
        ctx.close();
    }

    // ---- Carrier ----

    @Override
    public ByteBufAllocator alloc() {
        return ctx.alloc();
    }

    @Override
    public EventLoop eventLoop() {
        return ctx.channel().eventLoop();
    }

    @Override
    public SocketAddress remoteAddress() {
        return ctx.channel().remoteAddress();
    }

    @Override
    public javax.net.ssl.SSLSession tlsSession() {
        return tls == null ? null : tls.engine().getSession();
    }

    @Override
    public String altSvc() {
        return altSvc;
    }

    /** Whether responses should ask the client to go away (the server or this connection is closing). */
    public boolean draining() {
        return draining || server.draining();
    }

    @Override
    public void respond(Exchange e, ResponseBody body) {
        boolean withBody = ResponseBody.hasBody(e);
        ByteBuf head = head(e, body.length(), body.defaultType(), withBody ? body.copyLength() : 0);
        Object part2 = null;
        if (withBody) {
            try {
                body.writeTo(head);
            } catch (RuntimeException | Error failure) {
                out.discard(head);
                throw failure;
            }
            part2 = body.takePart();
        }
        body.release();
        queue.complete(e, head, part2 instanceof FilePart f ? fileBody(f) : part2);
    }

    /** A buffer holding {@code e}'s response head, with room for {@code extra} bytes of body. */
    private ByteBuf head(Exchange e, long length, String defaultType, int extra) {
        if (draining()) {
            e.closeAfterResponse();
        }
        HeadBytes head = Http1Head.encode(e, length, defaultType, dateLine());
        // Answered in order while its read is decoded: encoded straight into the read's batch.
        ByteBuf buf = H1Slot.of(e).direct && out.inRead() && !closing && length >= 0 ? out.inPlace(head.length() + extra) : null;
        if (buf == null) {
            buf = alloc().ioBuffer(head.length() + extra);
        }
        head.writeTo(buf);
        return buf;
    }

    private byte[] dateLine() {
        if (!out.inRead()) {
            return DateHeader.line();
        }
        if (batchDate == null) {
            batchDate = DateHeader.line();
        }
        return batchDate;
    }

    /**
     * A zero-copy region in cleartext. TLS must see the bytes, so there the file is read in chunks
     * by a ChunkedWriteHandler, added to the pipeline on the first file so other connections never
     * pay for its queue.
     */
    private Object fileBody(FilePart f) {
        if (tls == null) {
            return new io.netty.channel.DefaultFileRegion(f.channel(), f.offset(), f.count());
        }
        if (ctx.pipeline().get(ChunkedWriteHandler.class) == null) {
            ctx.pipeline().addBefore(ctx.name(), "file-chunks", new ChunkedWriteHandler());
        }
        try {
            return new ChunkedNioFile(f.channel(), f.offset(), f.count(), FILE_CHUNK);
        } catch (java.io.IOException ex) {
            f.close();
            throw new java.io.UncheckedIOException(ex);
        }
    }

    @Override
    public BodyWriter stream(Exchange e, String defaultType, StreamCompressor compressor) {
        if (compressor != null) {
            compressor.closeWith(ctx.channel());
        }
        return FramedBody.open(new H1BodySink(this, e), e, compressor, defaultType);
    }

    /** Writes the chunked head of {@code e}'s streamed response, in its turn. Event loop. */
    void startStream(Exchange e, String defaultType) {
        queue.startStream(e, head(e, -1, defaultType, 0));
    }

    @Override
    public void pauseBody() {
        gate.close(ReadGate.BODY);
    }

    @Override
    public void resumeBody() {
        if (!closing) {
            gate.reopen(ReadGate.BODY);
        }
    }

    // ---- decoding and dispatch ----

    /**
     * A request that sent an {@code Upgrade} field: h2c takes the connection over when it applies (nothing
     * queued ahead of it, not draining); otherwise admitted to the response order like any other.
     */
    void dispatchUpgrade(Exchange e) {
        if (h2cUpgrade && queue.isEmpty() && !closing && !draining() && H2cUpgrade.applies(e)) {
            h2cUpgrade = false;
            H2cUpgrade.upgrade(this, e);
            queue.discard(e);
            return;
        }
        queue.run(e);
    }

    boolean readPaused() {
        return gate.closed() || closing;
    }

    /** Decodes requests already buffered once reading may go on again. */
    private void decodeBuffered() {
        // time spent paused by the server does not count against the client's timeouts
        clock.touch();
        boolean wasInRead = out.beginRead();
        batchDate = null;
        decoder.decode();
        if (!wasInRead) {
            out.endReadThisTurn();
        }
    }

    /** The queue is full: stop reading this connection until it drains. */
    void pauseForQueue() {
        gate.close(ReadGate.PIPELINE);
    }

    /** The queue drained to {@code pending}: resume reading when it was paused and is half empty. */
    void queueDrained(int pending) {
        if (pending <= server.config().maxPendingResponses() / 2) {
            gate.reopen(ReadGate.PIPELINE);
        }
        if (draining() && idle()) {
            closeAfterWrite();
        }
    }

    /** A streamed body broke its framing: answer its exchange with the error, then close. */
    void failStream(Exchange e, int status, String message) {
        decoder.stop();
        e.closeAfterResponse();
        if (!Errors.answerByServer(e, status, message)) {
            closeAfterWrite();
        }
    }


    /** A request body stalled or dripped below {@code minBodyRate}: answer 408 and close. */
    void bodyTimedOut() {
        String message = "Request body not received in time (bodyReadTimeout, minBodyRate)";
        Exchange streaming = decoder.streamingExchange();
        if (streaming != null) {
            failStream(streaming, 408, message);
        } else {
            failFraming(408, message);
        }
    }

    /** Sends an error answer for a request that cannot be framed, then closes; reads stop now. */
    void failFraming(int status, String message) {
        decoder.stop();
        Exchange e = queue.obtain();
        e.open();
        e.atRootScope();
        e.head.http11 = true;
        e.head.method = dev.pronto.router.Method.GET;
        e.closeAfterResponse();
        queue.admit(e);
        Errors.answerByServer(e, status, message);
        queue.handlerReturned(e);
    }

    // ---- protocol upgrade (101 Switching Protocols) ----

    /** Whether {@code e} may switch the connection: nothing is answered ahead of it and nothing is closing. */
    public boolean upgradable(Exchange e) {
        return !closing && !draining() && (H1Slot.of(e).direct || queue.isHead(e)) && !decoder.inBody();
    }

    /**
     * {@code e}'s 101 was handed to the queue: stop parsing HTTP now (what follows belongs to the new
     * protocol) and, in a task after this read batch has flushed the 101, replace this handler by
     * {@code next}, which gets every byte read since.
     */
    public void upgrade(ChannelHandler next) {
        upgrade("upgraded", next, installed -> { });
    }

    /** As {@link #upgrade(ChannelHandler)}, naming the handler and running {@code installed} before bytes flow. */
    public void upgrade(String name, ChannelHandler next, Consumer<ChannelHandlerContext> installed) {
        decoder.upgraded();
        eventLoop().execute(() -> switchTo(name, next, installed));
    }

    private void switchTo(String name, ChannelHandler next, Consumer<ChannelHandlerContext> installed) {
        if (closing) {
            return;
        }
        out.flushNow();
        ByteBuf rest = decoder.takeRest();
        ctx.pipeline().addAfter(ctx.name(), name, next);
        installed.accept(ctx.pipeline().context(next));
        if (rest != null) {
            ctx.fireChannelRead(rest);
            ctx.fireChannelReadComplete();
        }
        ctx.pipeline().remove(this);
    }

    /** Writes bytes of the connection's own (a 101 head) in order after everything queued before. */
    void writeRaw(ByteBuf bytes) {
        out.writePending();
        ctx.write(bytes, ctx.voidPromise());
    }

    // ---- output ----

    /** The channel took more than it can write now: stop reading until it drains. */
    void outboundFull() {
        gate.close(ReadGate.OUTBOUND);
    }

    void closeAfterWrite() {
        if (closing) {
            return;
        }
        if (decoder.streamingBody()) {
            // Answered before the upload ended: keep reading and discarding it, then close, so the
            // client is not reset while still sending and does get the response.
            decoder.discardRestThenClose();
            gate.open(ReadGate.BODY);
            out.scheduleFlush();
            return;
        }
        closing = true;
        decoder.stop();
        out.writePending();
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    /** Closes once the streamed body being discarded has ended. */
    void streamDrained() {
        closeAfterWrite();
    }

    /** Starts a graceful close: idle now closes, busy closes after its in-flight responses. */
    @Override
    public void drainAndClose() {
        draining = true;
        eventLoop().execute(() -> {
            if (idle()) {
                closeAfterWrite();
            }
        });
    }

    @Override
    public void closeNow() {
        closing = true;
        ctx.close();
    }

    void writeContinue() {
        if (queue.isEmpty()) {
            out.writePending();
            ctx.writeAndFlush(Unpooled.wrappedBuffer(CONTINUE), ctx.voidPromise());
        }
    }

    private static final byte[] CONTINUE = Ascii.bytes("HTTP/1.1 100 Continue\r\n\r\n");

    // ---- state for the timer and the decoder ----

    io.netty.channel.Channel channel() {
        return ctx.channel();
    }

    boolean closing() {
        return closing;
    }

    RequestDecoder decoder() {
        return decoder;
    }

    /** The reading clock at {@code now}: time minus the time this connection stopped reading. */
    long readingTime(long now) {
        return gate.readingTime(now);
    }

    /** When the first bytes, held until they tell HTTP/1.1 from the h2c preface, arrived; 0 if none are. */
    long prefaceSince() {
        return sniffer == null ? 0 : sniffer.heldSince();
    }

    boolean awaitingResponses() {
        return !queue.isEmpty();
    }

    boolean idle() {
        return queue.isEmpty() && !decoder.inRequest();
    }
}
