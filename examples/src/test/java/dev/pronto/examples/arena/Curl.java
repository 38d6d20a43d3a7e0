package dev.pronto.examples.arena;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** curl, run the way HttpArena's validate.sh runs it; a test using it is skipped where curl is not installed. */
final class Curl {
    private static final Path CURL = Path.of("/usr/bin/curl");
    private static final String WRITE_OUT = "\\n%{http_code} %{http_version} %{content_type}";

    /**
     * One curl exchange.
     *
     * @param status the HTTP status, 0 when curl got no response
     * @param version {@code 1.1} or {@code 2} as curl's {@code %{http_version}} reports it
     * @param contentType the response's Content-Type, empty when absent
     * @param body the decoded body
     */
    record Reply(int status, String version, String contentType, String body) {
    }

    private Curl() {
    }

    /** Runs {@code curl -s args url} and splits its output into the body and the status line curl writes after it. */
    static Reply fetch(String url, String... args) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CURL), "curl is not installed");
        List<String> command = new ArrayList<>(List.of(CURL.toString(), "-s", "--max-time", "10", "-w", WRITE_OUT));
        command.addAll(List.of(args));
        command.add(url);
        Process curl = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        curl.waitFor(10, TimeUnit.SECONDS);
        int split = out.lastIndexOf('\n');
        String[] status = out.substring(split + 1).split(" ", 3);
        return new Reply(Integer.parseInt(status[0]), status[1], status.length > 2 ? status[2] : "", out.substring(0, split));
    }
}
