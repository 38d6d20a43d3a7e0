package dev.pronto.jmh.ws;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The load driver of {@code jmh/load/ws.sh}, on one Netty event loop: opens {@code conns} WebSocket
 * connections to {@code /ws}, then keeps {@code depth} 5-byte text frames ("hello", masked) in flight
 * on each, sending the next as each echo arrives; counts echoes over a warm-up and a measured
 * window and prints {@code messages/s <n>}. With depth 0 the connections stay idle (for the memory
 * figure): it prints {@code open <n>} once all are upgraded and holds them for the window.
 *
 * <p>Arguments: host port conns depth warmupSeconds seconds [serverPid]. With a server pid it also
 * prints {@code server-cpu-us/msg <x>}: the server's utime+stime from {@code /proc/<pid>/stat} over
 * exactly the measured window, so connecting and warming up are not charged to the messages,
 * {@code server-sys-us/msg <x>} (the stime part: the kernel's work for the server's syscalls), and
 * {@code server-core-util <x>} (that CPU time over the window's wall time: ~1.0 when the server's one
 * core is saturated). It always prints {@code driver-core-util <x>}, its own process's share of its
 * core, so a run limited by the driver rather than the server shows.
 */
public final class WsLoad {
    private static final byte[] MASK = {0x37, (byte) 0xfa, 0x21, 0x3d};
    private static final byte[] FRAME = frame("hello");
    private static final AtomicLong ECHOES = new AtomicLong();
    private static final java.util.Queue<Channel> UPGRADED = new java.util.concurrent.ConcurrentLinkedQueue<>();

    private WsLoad() {
    }

    private static byte[] frame(String text) {
        byte[] p = text.getBytes(StandardCharsets.UTF_8);
        byte[] f = new byte[6 + p.length];
        f[0] = (byte) 0x81;
        f[1] = (byte) (0x80 | p.length);
        System.arraycopy(MASK, 0, f, 2, 4);
        for (int i = 0; i < p.length; i++) {
            f[6 + i] = (byte) (p[i] ^ MASK[i & 3]);
        }
        return f;
    }

    public static void main(String[] args) throws Exception {
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        int conns = Integer.parseInt(args[2]);
        int depth = Integer.parseInt(args[3]);
        int warmup = Integer.parseInt(args[4]);
        int seconds = Integer.parseInt(args[5]);
        String serverPid = args.length > 6 ? args[6] : null;
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        CountDownLatch upgraded = new CountDownLatch(conns);
        String request = "GET /ws HTTP/1.1\r\nHost: " + host + ":" + port + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
        Bootstrap b = new Bootstrap().group(group).channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new io.netty.channel.ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Echo(request, depth, upgraded));
                    }
                });
        for (int i = 0; i < conns; i++) {
            b.connect(host, port).sync();
        }
        if (!upgraded.await(60, TimeUnit.SECONDS)) {
            System.out.println("upgraded only " + (conns - upgraded.getCount()) + " of " + conns);
            System.exit(1);
        }
        // The echo starts once every connection is upgraded: the figures are the steady echo of CONNS
        // connections, not a connect storm, where a saturated server loop accepts the rest slowly.
        UPGRADED.forEach(ch -> Echo.start(ch, depth));
        if (depth == 0) {
            System.out.println("open " + conns);
            TimeUnit.SECONDS.sleep(seconds);
        } else {
            TimeUnit.SECONDS.sleep(warmup);
            Ticks server0 = Ticks.of(serverPid);
            Ticks own0 = Ticks.of("self");
            long start = ECHOES.get();
            long t0 = System.nanoTime();
            TimeUnit.SECONDS.sleep(seconds);
            long n = ECHOES.get() - start;
            double elapsed = (System.nanoTime() - t0) / 1e9;
            Ticks server1 = Ticks.of(serverPid);
            Ticks own1 = Ticks.of("self");
            System.out.printf("messages/s %.0f%n", n / elapsed);
            // USER_HZ is 100 on Linux x86-64 (getconf CLK_TCK): a tick is 10 ms
            if (serverPid != null) {
                System.out.printf("server-cpu-us/msg %.3f%n", (server1.cpu() - server0.cpu()) * 10_000.0 / Math.max(1, n));
                // the kernel's share (stime): the floor no server code can go below with the same syscalls
                System.out.printf("server-sys-us/msg %.3f%n", (server1.sys() - server0.sys()) * 10_000.0 / Math.max(1, n));
                System.out.printf("server-core-util %.2f%n", (server1.cpu() - server0.cpu()) / 100.0 / elapsed);
            }
            // the driver's whole process (event loop, GC, JIT) against its one core
            System.out.printf("driver-core-util %.2f%n", (own1.cpu() - own0.cpu()) / 100.0 / elapsed);
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }

    /** utime + stime ({@code cpu}) and stime alone ({@code sys}) of a process in clock ticks, from one read. */
    private record Ticks(long cpu, long sys) {
        /** Zeros without a pid. */
        static Ticks of(String pid) throws java.io.IOException {
            if (pid == null) {
                return new Ticks(0, 0);
            }
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", pid, "stat"));
            // fields after the command name, which is in parentheses and may hold spaces
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long sys = Long.parseLong(f[12]);
            return new Ticks(Long.parseLong(f[11]) + sys, sys);
        }
    }

    /** One connection: handshake, then an echo loop with {@code depth} frames in flight. */
    private static final class Echo extends ChannelInboundHandlerAdapter {
        private final String request;
        private final int depth;
        private final CountDownLatch upgraded;
        private ByteBuf in;
        private boolean open;
        private int echoed;

        Echo(String request, int depth, CountDownLatch upgraded) {
            this.request = request;
            this.depth = depth;
            this.upgraded = upgraded;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            in = ctx.alloc().buffer(4096);
            ctx.writeAndFlush(ByteBufUtil.writeAscii(ctx.alloc(), request));
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf buf = (ByteBuf) msg;
            in.writeBytes(buf);
            buf.release();
            if (!open && !handshake(ctx.channel())) {
                return;
            }
            while (in.readableBytes() >= 2) {
                int len = in.getByte(in.readerIndex() + 1) & 0x7f;
                int header = len == 126 ? 4 : len == 127 ? 10 : 2;
                long size = len == 126 ? in.getUnsignedShort(in.readerIndex() + 2) : len == 127 ? in.getLong(in.readerIndex() + 2) : len;
                if (in.readableBytes() < header + size) {
                    break;
                }
                in.skipBytes(header + (int) size);
                echoed++;
            }
            in.discardSomeReadBytes();
        }

        private boolean handshake(Channel ch) {
            int end = ByteBufUtil.indexOf(in, in.readerIndex(), in.writerIndex(), (byte) '\n');
            String head = in.toString(StandardCharsets.ISO_8859_1);
            int stop = head.indexOf("\r\n\r\n");
            if (end < 0 || stop < 0) {
                return false;
            }
            if (!head.startsWith("HTTP/1.1 101")) {
                System.out.println("upgrade refused: " + head.lines().findFirst().orElse(""));
                System.exit(1);
            }
            in.skipBytes(stop + 4);
            open = true;
            UPGRADED.add(ch);
            upgraded.countDown();
            return true;
        }

        /** Puts {@code depth} frames in flight on {@code ch}; the echo loop keeps them there. */
        static void start(Channel ch, int depth) {
            ch.eventLoop().execute(() -> {
                for (int i = 0; i < depth; i++) {
                    ch.write(ch.alloc().buffer(FRAME.length).writeBytes(FRAME), ch.voidPromise());
                }
                ch.flush();
            });
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            if (echoed > 0) {
                ECHOES.addAndGet(echoed);
                for (int i = 0; i < echoed; i++) {
                    ctx.write(ctx.alloc().buffer(FRAME.length).writeBytes(FRAME), ctx.voidPromise());
                }
                echoed = 0;
                ctx.flush();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            in.release();
        }
    }
}
