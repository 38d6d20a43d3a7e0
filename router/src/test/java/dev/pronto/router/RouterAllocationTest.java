package dev.pronto.router;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** Guards the zero-allocation lookup: every outcome, with params and backtracking, allocates nothing. */
class RouterAllocationTest {
    private static final int LOOKUPS = 100_000;
    private static final CharSequence[] PATHS = {
        "/users/me", "/users/42", "/repos/pronto/router", "/repos/pronto/router/issues/7",
        "/files/a/b/c.txt", "/a/b/c", "/a/z/c", "/nope/at/all", "/users/42/",
        AsciiBytes.of("/repos/pronto/router"), AsciiBytes.of("/files/x"),
    };

    private static Router<String> router() {
        return Router.<String>builder()
                .trailingSlash(TrailingSlash.IGNORE)
                .add(Method.GET, "/users/me", "me")
                .add(Method.GET, "/users/{id}", "user")
                .add(Method.GET, "/repos/{owner}/{repo}", "repo")
                .add(Method.GET, "/repos/{owner}/{repo}/issues/{number}", "issue")
                .add(Method.POST, "/repos/{owner}/{repo}/issues", "newIssue")
                .add(Method.GET, "/files/{*path}", "file")
                .add(Method.GET, "/a/{x}/c", "x")
                .add(Method.GET, "/a/b/{y}", "y")
                .build();
    }

    @Test
    void lookupsAllocateNothing() {
        Router<String> router = router();
        RouteMatch<String> match = router.newMatch();
        Method[] methods = {Method.GET, Method.HEAD, Method.DELETE, Method.OPTIONS};
        long warm = run(router, match, methods, LOOKUPS);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().threadId();

        long before = threads.getThreadAllocatedBytes(thread);
        long checksum = run(router, match, methods, LOOKUPS);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;

        assertThat(checksum).isEqualTo(warm);
        assertThat((double) allocated / LOOKUPS).as("bytes per lookup").isLessThan(1.0);
    }

    private static long run(Router<String> router, RouteMatch<String> match, Method[] methods, int lookups) {
        long checksum = 0;
        for (int i = 0; i < lookups; i++) {
            Outcome outcome = router.find(methods[i & 3], PATHS[i % PATHS.length], match);
            checksum += outcome.ordinal() + match.paramCount() + (match.allow() == null ? 0 : 1);
        }
        return checksum;
    }
}
