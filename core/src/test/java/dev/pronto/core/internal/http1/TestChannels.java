package dev.pronto.core.internal.http1;

import dev.pronto.core.Routes;
import dev.pronto.core.Server;
import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.server.ServerInitializer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** EmbeddedChannel fixtures: raw request bytes in, raw response bytes out, no sockets or threads. */
public final class TestChannels {
    private TestChannels() {
    }

    public static EmbeddedChannel server(Consumer<Routes> routes) {
        return server(c -> { }, routes);
    }

    public static EmbeddedChannel server(Consumer<ServerConfig.Builder> config, Consumer<Routes> routes) {
        Server server = Server.builder().config(config).routes(routes).build();
        return new EmbeddedChannel(server.channelInitializer());
    }

    /** A connection of a listener that speaks HTTP/1.1 only (no h2c). */
    static EmbeddedChannel http1Only(Consumer<Routes> routes) {
        Server server = Server.builder().routes(routes).build();
        return new EmbeddedChannel(new HttpConnection(((ServerInitializer) server.channelInitializer()).context(), null));
    }

    /** Moves a channel with a frozen clock {@code millis} ahead and runs what became due. */
    public static void advance(EmbeddedChannel ch, long millis) {
        ch.advanceTimeBy(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        ch.runPendingTasks();
    }

    /**
     * {@code ch.writeInbound(in)} without its varargs array (24 B per call unless the JIT elides it), for the
     * allocation tests: what they count must be the server's alone.
     */
    public static void feed(EmbeddedChannel ch, ByteBuf in) {
        ch.pipeline().fireChannelRead(in);
        ch.flushInbound();
        ch.checkException();
    }

    public static ByteBuf ascii(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }

    /** Everything written so far, as one string; releases the buffers. */
    public static String readAll(EmbeddedChannel ch) {
        ch.runPendingTasks();
        StringBuilder sb = new StringBuilder();
        Object msg;
        while ((msg = ch.readOutbound()) != null) {
            if (msg instanceof ByteBuf buf) {
                sb.append(buf.toString(StandardCharsets.ISO_8859_1));
                buf.release();
            } else {
                io.netty.util.ReferenceCountUtil.release(msg);
                sb.append("<").append(msg.getClass().getSimpleName()).append(">");
            }
        }
        return sb.toString();
    }

    /** Writes {@code request} and returns what the server answered. */
    public static String exchange(EmbeddedChannel ch, String request) {
        ch.writeInbound(ascii(request));
        return readAll(ch);
    }
}
