package dev.pronto.router;

import static dev.pronto.router.TestRouters.get;
import static dev.pronto.router.TestRouters.matched;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouterMatchingTest {

    @Test
    void staticRouteMatchesExactPath() {
        Router<String> router = get("/users", "/users/me");

        RouteMatch<String> match = router.find(Method.GET, "/users/me");

        assertThat(match.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(match.value()).isEqualTo("/users/me");
        assertThat(match.pattern()).isEqualTo("/users/me");
        assertThat(match.paramCount()).isZero();
    }

    @Test
    void unknownPathIsNotFoundWithoutAllow() {
        RouteMatch<String> match = get("/users").find(Method.GET, "/orders");

        assertThat(match.outcome()).isEqualTo(Outcome.NOT_FOUND);
        assertThat(match.value()).isNull();
        assertThat(match.pattern()).isNull();
        assertThat(match.allow()).isNull();
    }

    @Test
    void rootPatternMatchesOnlyRoot() {
        Router<String> router = get("/", "/a");

        assertThat(matched(router, "/")).isEqualTo("/");
        assertThat(matched(router, "/a")).isEqualTo("/a");
        assertThat(matched(router, "")).isNull();
        assertThat(matched(router, "//")).isNull();
    }

    @Test
    void paramMatchesOneSegmentAndRecordsOffsets() {
        RouteMatch<String> match = get("/users/{id}/posts").find(Method.GET, "/users/42/posts");

        assertThat(match.value()).isEqualTo("/users/{id}/posts");
        assertThat(match.paramCount()).isEqualTo(1);
        assertThat(match.paramName(0)).isEqualTo("id");
        assertThat(match.paramStart(0)).isEqualTo(7);
        assertThat(match.paramEnd(0)).isEqualTo(9);
        assertThat(match.param("id")).isEqualTo("42");
    }

    @Test
    void paramDoesNotSpanSlashes() {
        assertThat(matched(get("/users/{id}"), "/users/42/posts")).isNull();
    }

    @Test
    void paramNeverMatchesAnEmptySegment() {
        Router<String> router = get("/users/{id}", "/a/{x}/b");

        assertThat(matched(router, "/users/")).isNull();
        assertThat(matched(router, "/a//b")).isNull();
    }

    @Test
    void twoParamsAreRecordedInPatternOrder() {
        RouteMatch<String> match = get("/repos/{owner}/{repo}").find(Method.GET, "/repos/pronto/router");

        assertThat(match.paramCount()).isEqualTo(2);
        assertThat(match.param("owner")).isEqualTo("pronto");
        assertThat(match.param("repo")).isEqualTo("router");
        assertThat(match.paramName(1)).isEqualTo("repo");
    }

    @Test
    void catchAllMatchesTheRestIncludingSlashes() {
        RouteMatch<String> match = get("/files/{*path}").find(Method.GET, "/files/a/b/c.txt");

        assertThat(match.value()).isEqualTo("/files/{*path}");
        assertThat(match.param("path")).isEqualTo("a/b/c.txt");
    }

    @Test
    void catchAllMatchesAnEmptyRestAfterTheSlash() {
        RouteMatch<String> match = get("/files/{*path}").find(Method.GET, "/files/");

        assertThat(match.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(match.param("path")).isEmpty();
    }

    @Test
    void catchAllDoesNotMatchWithoutItsSlash() {
        assertThat(matched(get("/files/{*path}"), "/files")).isNull();
    }

    @Test
    void catchAllAtRootMatchesEverything() {
        Router<String> router = get("/{*all}");

        assertThat(router.find(Method.GET, "/").param("all")).isEmpty();
        assertThat(router.find(Method.GET, "/x/y//z").param("all")).isEqualTo("x/y//z");
    }

    @Test
    void catchAllCountsAsTheLastParam() {
        RouteMatch<String> match = get("/u/{user}/f/{*rest}").find(Method.GET, "/u/ann/f/x/y");

        assertThat(match.paramCount()).isEqualTo(2);
        assertThat(match.paramName(1)).isEqualTo("rest");
        assertThat(match.param(1)).isEqualTo("x/y");
    }

    @Test
    void doubleSlashesAreNotCollapsed() {
        Router<String> router = get("/a/b");

        assertThat(matched(router, "/a//b")).isNull();
        assertThat(matched(router, "//a/b")).isNull();
    }

    @Test
    void matchingIsCaseSensitive() {
        Router<String> router = get("/users/me");

        assertThat(matched(router, "/Users/me")).isNull();
        assertThat(matched(router, "/users/ME")).isNull();
    }

    @Test
    void matchingIsOnTheRawPathSoEncodedStaticTextDoesNotMatch() {
        Router<String> router = get("/users/me");

        assertThat(matched(router, "/users/%6De")).isNull();
    }

    @Test
    void encodedSlashStaysInsideTheParamSegment() {
        Router<String> router = get("/files/{name}", "/files/{name}/meta");

        RouteMatch<String> match = router.find(Method.GET, "/files/a%2Fb");

        assertThat(match.value()).isEqualTo("/files/{name}");
        assertThat(match.param("name")).isEqualTo("a/b");
    }

    @Test
    void plusIsNotASpaceInPaths() {
        assertThat(get("/q/{term}").find(Method.GET, "/q/a+b").param("term")).isEqualTo("a+b");
    }

    @Test
    void longSharedPrefixesAreSplitIntoDistinctRoutes() {
        Router<String> router = get("/api/v1/customers", "/api/v1/customer", "/api/v1/cust", "/api/v2/customers",
                "/api/v1/charges");

        assertThat(matched(router, "/api/v1/customers")).isEqualTo("/api/v1/customers");
        assertThat(matched(router, "/api/v1/customer")).isEqualTo("/api/v1/customer");
        assertThat(matched(router, "/api/v1/cust")).isEqualTo("/api/v1/cust");
        assertThat(matched(router, "/api/v2/customers")).isEqualTo("/api/v2/customers");
        assertThat(matched(router, "/api/v1/charges")).isEqualTo("/api/v1/charges");
        assertThat(matched(router, "/api/v1/custo")).isNull();
        assertThat(matched(router, "/api/v1/c")).isNull();
    }

    @Test
    void prefixOfARouteIsNotItselfARoute() {
        Router<String> router = get("/abc/def");

        assertThat(matched(router, "/abc")).isNull();
        assertThat(matched(router, "/abc/")).isNull();
        assertThat(matched(router, "/abc/defg")).isNull();
    }

    @Test
    void manySiblingsAreAllReachable() {
        List<String> patterns = new ArrayList<>();
        for (char c = 'a'; c <= 'z'; c++) {
            patterns.add("/s/" + c + "item");
            patterns.add("/s/" + c + "item/{id}");
        }
        Router<String> router = get(patterns.toArray(String[]::new));

        for (char c = 'a'; c <= 'z'; c++) {
            assertThat(matched(router, "/s/" + c + "item")).isEqualTo("/s/" + c + "item");
            assertThat(matched(router, "/s/" + c + "item/7")).isEqualTo("/s/" + c + "item/{id}");
        }
    }

    @Test
    void emptyRouterFindsNothing() {
        Router<String> router = Router.<String>builder().build();

        assertThat(router.find(Method.GET, "/").outcome()).isEqualTo(Outcome.NOT_FOUND);
        assertThat(router.newMatch().paramCount()).isZero();
    }

    @Test
    void pathsNotStartingWithSlashNeverMatch() {
        Router<String> router = get("/{*all}");

        assertThat(matched(router, "*")).isNull();
        assertThat(matched(router, "http://host/x")).isNull();
    }

    @Test
    void anyCharSequenceCanBeMatched() {
        RouteMatch<String> match = get("/users/{id}").find(Method.GET, new StringBuilder("/users/7"));

        assertThat(match.param("id")).isEqualTo("7");
        assertThat(match.peekParam(0).toString()).isEqualTo("7");
    }

    @Test
    void requestBytesCanBeMatchedThroughACharSequenceView() {
        byte[] requestLine = "GET /repos/pronto/router?tab=1 HTTP/1.1".getBytes(StandardCharsets.US_ASCII);
        CharSequence path = new AsciiBytes(requestLine, 4, "/repos/pronto/router".length());

        RouteMatch<String> match = get("/repos/{owner}/{repo}").find(Method.GET, path);

        assertThat(match.param("owner")).isEqualTo("pronto");
        assertThat(match.param("repo")).isEqualTo("router");
        assertThat(match.paramStart(1)).isEqualTo(14);
    }

    @Test
    void routesAreListedInRegistrationOrder() {
        Router<String> router = Router.<String>builder()
                .add(Method.POST, "/b", "1")
                .add(Method.GET, "/a", "2")
                .build();

        assertThat(router.routes()).containsExactly(new Route<>(Method.POST, "/b", "1"), new Route<>(Method.GET, "/a", "2"));
    }

    @Test
    void prettyPrintDrawsTheTrieWithMethods() {
        Router<String> router = Router.<String>builder()
                .add(Method.GET, "/users", "list")
                .add(Method.GET, "/users/{id}", "get")
                .add(Method.DELETE, "/users/{id}", "delete")
                .add(Method.GET, "/up/{*path}", "up")
                .build();

        assertThat(router.prettyPrint()).isEqualTo("""
                /u
                  sers (GET)
                    /
                      {id} (GET, DELETE)
                  p/
                    {*path} (GET)
                """);
    }
}
