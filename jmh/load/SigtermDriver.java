import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Load for sigterm.sh: CONNECTIONS keep-alive HTTP/1.1 connections, one GET in flight on each, every
 * response checked to be complete (status 200, the whole Content-Length body, equal to the expected
 * body). A worker reconnects after "Connection: close" or a close, and stops when a connect is refused
 * (the server stopped listening) or after the time limit. Each request ends as exactly one of:
 * complete; closed before a response (the connection closed or reset with not one byte of the answer,
 * i.e. the request was not answered and, with a draining server, not read); truncated (some bytes, then
 * the close: lost); bad (another status or body: lost); timed out (no answer within 10 s: lost).
 * Exit status 1 when anything was lost or nothing completed.
 *
 * <p>Usage: {@code java SigtermDriver.java HOST PORT PATH EXPECTED_BODY CONNECTIONS MAX_SECONDS}
 */
public final class SigtermDriver {
    private static final int READ_TIMEOUT_MS = 10_000;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong complete = new AtomicLong();
    private final AtomicLong closedBeforeResponse = new AtomicLong();
    private final AtomicLong truncated = new AtomicLong();
    private final AtomicLong bad = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private final AtomicLong connects = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong serverCloses = new AtomicLong();
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
            try (Socket s = new Socket()) {
                s.setTcpNoDelay(true);
                s.setSoTimeout(READ_TIMEOUT_MS);
                s.connect(new InetSocketAddress(host, port), READ_TIMEOUT_MS);
                connects.incrementAndGet();
                exchange(s);
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

    /** Requests on {@code s} until the server closes it or asks to; each outcome is counted once. */
    private void exchange(Socket s) throws IOException {
        InputStream in = new BufferedInputStream(s.getInputStream(), 16 * 1024);
        OutputStream out = s.getOutputStream();
        while (System.nanoTime() < deadline) {
            try {
                out.write(request);
                out.flush();
            } catch (IOException e) {
                // the write failed: the server had closed this connection before the request reached it
                sent.incrementAndGet();
                closedBeforeResponse.incrementAndGet();
                serverCloses.incrementAndGet();
                return;
            }
            sent.incrementAndGet();
            if (!readOne(in)) {
                return;
            }
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
        } catch (IOException e) {
            serverCloses.incrementAndGet();
            (r.bytes == 0 ? closedBeforeResponse : truncated).incrementAndGet();
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
        long lost = truncated.get() + bad.get() + timedOut.get();
        System.out.printf(Locale.ROOT, "requests sent %d, complete %d, closed before a response %d, truncated %d, "
                        + "bad %d, timed out %d, LOST %d (connections opened %d, closed by the server %d, refused %d)%n",
                sent.get(), complete.get(), closedBeforeResponse.get(), truncated.get(), bad.get(), timedOut.get(),
                lost, connects.get(), serverCloses.get(), refused.get());
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
