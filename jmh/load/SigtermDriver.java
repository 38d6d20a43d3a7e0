import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Load for sigterm.sh: CONNECTIONS keep-alive HTTP/1.1 connections, one GET in flight on each, every
 * response checked to be complete (status 200, the whole Content-Length body, equal to the expected
 * body). A worker reconnects after "Connection: close" or a close, and stops when a connect is refused
 * after the service first accepted (it stopped listening) or after the time limit. Before each request
 * it checks whether the server already closed the idle connection (then it sends nothing there). Each
 * request sent ends as exactly one of: complete; closed before read (the connection was reset with no
 * answer: Linux resets a socket closed with unread data, so the server never read the request);
 * dropped (a clean close with no answer: the server read the request, then closed without answering -
 * what a kill -9 does); truncated (part of an answer); bad (another status or body); timed out (no
 * answer within 10 s). The last four are LOST; exit status 1 when anything was lost or nothing completed.
 *
 * <p>Usage: {@code java SigtermDriver.java HOST PORT PATH EXPECTED_BODY CONNECTIONS MAX_SECONDS}
 */
public final class SigtermDriver {
    private static final int READ_TIMEOUT_MS = 10_000;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong complete = new AtomicLong();
    private final AtomicLong closedBeforeRead = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong idleCloses = new AtomicLong();
    private final AtomicLong truncated = new AtomicLong();
    private final AtomicLong bad = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private final AtomicLong connects = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final String host;
    private final int port;
    private final byte[] request;
    private final byte[] expected;
    private final long deadline;
    private final long startDeadline = System.nanoTime() + 15_000_000_000L;

    private SigtermDriver(String host, int port, String path, String expected, long maxSeconds) {
        this.host = host;
        this.port = port;
        this.request = ("GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        this.expected = expected.getBytes(StandardCharsets.UTF_8);
        this.deadline = System.nanoTime() + maxSeconds * 1_000_000_000L;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            System.err.println("usage: java SigtermDriver.java HOST PORT PATH EXPECTED_BODY CONNECTIONS MAX_SECONDS");
            System.exit(2);
        }
        SigtermDriver d = new SigtermDriver(args[0], Integer.parseInt(args[1]), args[2], args[3], Long.parseLong(args[5]));
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < Integer.parseInt(args[4]); i++) {
            workers.add(Thread.ofPlatform().name("conn-" + i).start(d::work));
        }
        for (Thread t : workers) {
            t.join();
        }
        System.exit(d.report());
    }

    private void work() {
        while (System.nanoTime() < deadline) {
            try (SocketChannel ch = SocketChannel.open()) {
                ch.socket().setTcpNoDelay(true);
                ch.socket().setSoTimeout(READ_TIMEOUT_MS);
                ch.socket().connect(new InetSocketAddress(host, port), READ_TIMEOUT_MS);
                connects.incrementAndGet();
                exchange(ch);
            } catch (ConnectException e) {
                if (connects.get() == 0 && System.nanoTime() < startDeadline) {
                    // not up yet (or its listener not yet accepting): only a refusal after a first connect ends a worker
                    java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
                    continue;
                }
                refused.incrementAndGet();
                return;
            } catch (IOException e) {
                // a failed connect other than a refusal (e.g. a reset during the handshake): try again
            }
        }
    }

    /** Requests on {@code ch} until the server closes it or asks to; each outcome is counted once. */
    private void exchange(SocketChannel ch) throws IOException {
        InputStream in = new BufferedInputStream(ch.socket().getInputStream(), 16 * 1024);
        OutputStream out = ch.socket().getOutputStream();
        while (System.nanoTime() < deadline) {
            if (closedByPeer(ch)) {
                // the server closed this idle connection (a FIN is waiting): no request goes out on it
                idleCloses.incrementAndGet();
                return;
            }
            try {
                out.write(request);
                out.flush();
            } catch (IOException e) {
                // the write failed: the server had closed this connection before the request reached it
                sent.incrementAndGet();
                closedBeforeRead.incrementAndGet();
                return;
            }
            sent.incrementAndGet();
            if (!readOne(in)) {
                return;
            }
        }
    }

    /** Whether the peer's FIN is already waiting on idle {@code ch}: one non-blocking read, then blocking again. */
    private static boolean closedByPeer(SocketChannel ch) throws IOException {
        ch.configureBlocking(false);
        try {
            int n = ch.read(ByteBuffer.allocate(1));
            if (n > 0) {
                throw new IOException("the server sent bytes nobody asked for");
            }
            return n < 0;
        } catch (SocketException reset) {
            return true;
        } finally {
            ch.configureBlocking(true);
        }
    }

    /** Reads and checks one response; false when the connection is over. */
    private boolean readOne(InputStream in) {
        Response r = new Response();
        try {
            r.read(in);
        } catch (SocketTimeoutException e) {
            timedOut.incrementAndGet();
            return false;
        } catch (SocketException e) {
            // a reset with no answer: the server's socket was closed with this request unread (or before it came)
            (r.bytes == 0 ? closedBeforeRead : truncated).incrementAndGet();
            return false;
        } catch (IOException e) {
            // a clean close after the request went out, with no answer: the server read the request and dropped it
            // (closing with the request unread would have reset the connection); or cut the answer short
            (r.bytes == 0 ? dropped : truncated).incrementAndGet();
            return false;
        } catch (RuntimeException e) {
            bad.incrementAndGet();
            System.err.println("malformed response: " + e);
            return false;
        }
        if (r.status != 200 || !java.util.Arrays.equals(r.body, expected)) {
            bad.incrementAndGet();
            System.err.println("bad response: status " + r.status + ", body " + new String(r.body, StandardCharsets.UTF_8));
            return false;
        }
        if (complete.incrementAndGet() == 1) {
            System.out.println("load running");
        }
        return !r.close;
    }

    private int report() {
        long lost = dropped.get() + truncated.get() + bad.get() + timedOut.get();
        System.out.printf(Locale.ROOT, "requests sent %d, complete %d, closed before read %d, LOST %d (dropped %d, "
                        + "truncated %d, bad %d, timed out %d); connections opened %d, closed idle by the server %d, "
                        + "refused at the end %d%n",
                sent.get(), complete.get(), closedBeforeRead.get(), lost, dropped.get(), truncated.get(), bad.get(),
                timedOut.get(), connects.get(), idleCloses.get(), refused.get());
        return lost == 0 && complete.get() > 0 ? 0 : 1;
    }

    /** One HTTP/1.1 response with a Content-Length body; counts the bytes read to tell a truncation from none. */
    private static final class Response {
        int bytes;
        int status;
        boolean close;
        byte[] body = new byte[0];

        void read(InputStream in) throws IOException {
            String head = head(in);
            String[] lines = head.split("\r\n");
            status = Integer.parseInt(lines[0].split(" ")[1]);
            int length = -1;
            for (int i = 1; i < lines.length; i++) {
                String line = lines[i].toLowerCase(Locale.ROOT);
                if (line.startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).trim());
                } else if (line.startsWith("connection:") && line.contains("close")) {
                    close = true;
                }
            }
            if (length < 0) {
                throw new IOException("no Content-Length in " + lines[0]);
            }
            body = in.readNBytes(length);
            bytes += body.length;
            if (body.length < length) {
                throw new EOFException("body cut at " + body.length + " of " + length + " bytes");
            }
        }

        private String head(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream(256);
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new EOFException("closed after " + bytes + " bytes of the response head");
                }
                bytes++;
                head.write(b);
                matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            return head.toString(StandardCharsets.US_ASCII);
        }
    }
}
