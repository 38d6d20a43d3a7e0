package dev.pronto.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class TrailingSlashTest {

    private static Router<String> router(TrailingSlash policy, String... patterns) {
        Router.Builder<String> builder = Router.<String>builder().trailingSlash(policy);
        for (String pattern : patterns) {
            builder.add(Method.GET, pattern, pattern);
        }
        return builder.build();
    }

    private static String matched(Router<String> router, String path) {
        return router.find(Method.GET, path).value();
    }

    @Test
    void strictIsTheDefault() {
        Router<String> router = Router.<String>builder().add(Method.GET, "/a", "a").build();

        assertThat(router.find(Method.GET, "/a/").outcome()).isEqualTo(Outcome.NOT_FOUND);
    }

    @Test
    void strictKeepsSlashAndNoSlashApart() {
        Router<String> router = router(TrailingSlash.STRICT, "/a", "/b/");

        assertThat(matched(router, "/a/")).isNull();
        assertThat(matched(router, "/b")).isNull();
        assertThat(matched(router, "/b/")).isEqualTo("/b/");
    }

    @Test
    void strictAllowsBothSpellingsAsSeparateRoutes() {
        Router<String> router = router(TrailingSlash.STRICT, "/a", "/a/");

        assertThat(matched(router, "/a")).isEqualTo("/a");
        assertThat(matched(router, "/a/")).isEqualTo("/a/");
    }

    @Test
    void ignoreMatchesARequestWithATrailingSlash() {
        Router<String> router = router(TrailingSlash.IGNORE, "/a", "/u/{id}");

        assertThat(matched(router, "/a/")).isEqualTo("/a");
        assertThat(router.find(Method.GET, "/u/7/").param("id")).isEqualTo("7");
    }

    @Test
    void ignoreMatchesAPatternRegisteredWithATrailingSlash() {
        Router<String> router = router(TrailingSlash.IGNORE, "/b/");

        assertThat(matched(router, "/b")).isEqualTo("/b/");
        assertThat(matched(router, "/b/")).isEqualTo("/b/");
    }

    @Test
    void ignoreIgnoresOnlyOneSlash() {
        Router<String> router = router(TrailingSlash.IGNORE, "/a");

        assertThat(matched(router, "/a//")).isNull();
    }

    @Test
    void ignoreLeavesTheRootAlone() {
        Router<String> router = router(TrailingSlash.IGNORE, "/", "/a");

        assertThat(matched(router, "/")).isEqualTo("/");
    }

    @Test
    void ignoreMakesSlashAndNoSlashPatternsDuplicates() {
        Router.Builder<String> builder = Router.<String>builder().trailingSlash(TrailingSlash.IGNORE)
                .add(Method.GET, "/a", "a");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.add(Method.GET, "/a/", "b"))
                .withMessage("GET /a/ conflicts with GET /a: both have the same method and path"
                        + " (one trailing slash is ignored); remove one of them");
    }

    @Test
    void switchingToIgnoreAfterConflictingRoutesFails() {
        Router.Builder<String> builder = Router.<String>builder()
                .add(Method.GET, "/a", "a")
                .add(Method.GET, "/a/", "b");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.trailingSlash(TrailingSlash.IGNORE))
                .withMessageContaining("GET /a/ conflicts with GET /a");
    }

    @Test
    void policyMayBeSetAfterRoutesAreAdded() {
        Router<String> router = Router.<String>builder()
                .add(Method.GET, "/a", "a")
                .trailingSlash(TrailingSlash.IGNORE)
                .build();

        assertThat(router.find(Method.GET, "/a/").value()).isEqualTo("a");
    }

    @Test
    void ignoreKeepsEmptyCatchAllReachable() {
        Router<String> router = router(TrailingSlash.IGNORE, "/files/{*path}");

        RouteMatch<String> match = router.find(Method.GET, "/files/");

        assertThat(match.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(match.param("path")).isEmpty();
    }

    @Test
    void ignoreDropsTheTrailingSlashFromCatchAllValues() {
        Router<String> router = router(TrailingSlash.IGNORE, "/files/{*path}");

        assertThat(router.find(Method.GET, "/files/dir/").param("path")).isEqualTo("dir");
    }

    @Test
    void ignorePrefersTheStaticRouteOverACatchAllWithTheSlash() {
        Router<String> router = router(TrailingSlash.IGNORE, "/files/{*path}", "/files/special");

        assertThat(matched(router, "/files/special/")).isEqualTo("/files/special");
    }

    @Test
    void ignoreStillReportsMethodNotAllowed() {
        Router<String> router = Router.<String>builder().trailingSlash(TrailingSlash.IGNORE)
                .add(Method.POST, "/a", "post")
                .build();

        RouteMatch<String> match = router.find(Method.GET, "/a/");

        assertThat(match.outcome()).isEqualTo(Outcome.METHOD_NOT_ALLOWED);
        assertThat(match.allow()).isEqualTo("POST, OPTIONS");
    }
}
