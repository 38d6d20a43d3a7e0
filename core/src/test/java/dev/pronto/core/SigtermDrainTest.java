package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.Await;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real process under 64-connection load gets SIGTERM: every request that reached the handler is answered
 * in full (others see their connection closed before a response began), readiness went DOWN, and the process
 * exits 0 within its shutdownTimeout.
 */
class SigtermDrainTest {
    private static final int CONNECTIONS = 64;
    private final AtomicInteger complete = new AtomicInteger();
    private final AtomicInteger broken = new AtomicInteger();

    @TempDir
    Path dir;

    @Test
    void sigtermUnderLoadLosesNoAcceptedRequestAndExitsZero() throws Exception {
        Path errors = dir.resolve("stderr.txt");
        Path output = dir.resolve("stdout.txt");
        // files, not pipes: Process.destroy closes the pipes before the child's last lines arrive
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--sun-misc-unsafe-memory-access=allow", "-Dorg.slf4j.simpleLogger.defaultLogLevel=info", "-cp",
                System.getProperty("java.class.path"), SigtermApp.class.getName())
                .redirectError(errors.toFile()).redirectOutput(output.toFile()).start();
        int port = Integer.parseInt(awaitLine(output, "port=", child).substring("port=".length()));
        List<Thread> clients = new ArrayList<>();
        for (int i = 0; i < CONNECTIONS; i++) {
            clients.add(Thread.ofPlatform().start(() -> load(port)));
        }
        Await.within(Duration.ofSeconds(30), () -> complete.get() >= 500);
        child.destroy(); // SIGTERM

        assertThat(child.waitFor(8, TimeUnit.SECONDS)).as("exited within shutdownTimeout").isTrue();
        for (Thread t : clients) {
            t.join(TimeUnit.SECONDS.toMillis(10));
        }
        String log = Files.readString(errors);
        assertThat(child.exitValue()).as(log).isZero();
        assertThat(broken.get()).as("responses cut short").isZero();
        assertThat(awaitLine(output, "started=", child)).as(log).isEqualTo("started=" + complete.get() + " ready=false");
        assertThat(log).contains("SIGTERM received", "readiness DOWN", "Pronto draining", "Pronto stopped");
    }

    private static String awaitLine(Path file, String prefix, Process child) {
        boolean ended = Await.within(Duration.ofSeconds(30), () -> line(file, prefix) != null || !child.isAlive());
        // read again: a child that exited may have written the line just before
        String line = line(file, prefix);
        if (line != null) {
            return line;
        }
        return ended ? "(exited without " + prefix + ")" : "(no " + prefix + " within 30 s)";
    }

    private static String line(Path file, String prefix) {
        try {
            return Files.readAllLines(file).stream().filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Requests one after another on one connection until the server closes it. */
    private void load(int port) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            OutputStream os = s.getOutputStream();
            InputStream in = s.getInputStream();
            byte[] request = "GET /work HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
            while (true) {
                os.write(request);
                os.flush();
                switch (readResponse(in)) {
                    case NONE -> {
                        return;
                    }
                    case PARTIAL -> {
                        broken.incrementAndGet();
                        return;
                    }
                    case LAST -> {
                        complete.incrementAndGet();
                        return;
                    }
                    case KEEP_ALIVE -> complete.incrementAndGet();
                }
            }
        } catch (IOException closed) {
            // refused (the listener is gone) or reset before a response began: nothing was accepted
        }
    }

    private enum Outcome { NONE, PARTIAL, KEEP_ALIVE, LAST }

    /** Reads one response: its head, then a body of exactly Content-Length bytes. */
    private static Outcome readResponse(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int b;
        while (!head.toString().endsWith("\r\n\r\n")) {
            if ((b = in.read()) < 0) {
                return head.isEmpty() ? Outcome.NONE : Outcome.PARTIAL;
            }
            head.append((char) b);
        }
        String text = head.toString().toLowerCase(java.util.Locale.ROOT);
        if (!text.startsWith("http/1.1 200")) {
            return Outcome.PARTIAL;
        }
        int at = text.indexOf("content-length:");
        int length = Integer.parseInt(text.substring(at + 15, text.indexOf('\r', at)).strip());
        byte[] body = in.readNBytes(length);
        if (body.length != length || !new String(body, StandardCharsets.US_ASCII).equals("done")) {
            return Outcome.PARTIAL;
        }
        return text.contains("connection: close") ? Outcome.LAST : Outcome.KEEP_ALIVE;
    }
}
