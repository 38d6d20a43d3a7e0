package dev.pronto.router;

import static dev.pronto.router.TestRouters.get;
import static dev.pronto.router.TestRouters.matched;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RouterPriorityTest {

    @Test
    void staticRouteWinsOverParam() {
        Router<String> router = get("/users/{id}", "/users/me");

        assertThat(matched(router, "/users/me")).isEqualTo("/users/me");
        assertThat(matched(router, "/users/42")).isEqualTo("/users/{id}");
    }

    @Test
    void paramWinsOverCatchAll() {
        Router<String> router = get("/files/{*path}", "/files/{name}");

        assertThat(matched(router, "/files/a")).isEqualTo("/files/{name}");
        assertThat(matched(router, "/files/a/b")).isEqualTo("/files/{*path}");
        assertThat(matched(router, "/files/")).isEqualTo("/files/{*path}");
    }

    @Test
    void staticWinsOverCatchAll() {
        Router<String> router = get("/files/{*path}", "/files/index");

        assertThat(matched(router, "/files/index")).isEqualTo("/files/index");
        assertThat(matched(router, "/files/index2")).isEqualTo("/files/{*path}");
    }

    @Test
    void staticPrefixOfAParamValueFallsBackToTheParam() {
        Router<String> router = get("/users/me", "/users/{id}");

        assertThat(matched(router, "/users/mestre")).isEqualTo("/users/{id}");
        assertThat(matched(router, "/users/m")).isEqualTo("/users/{id}");
    }

    @Test
    void staticBranchIsPreferredWhenItLeadsToAFullMatch() {
        Router<String> router = get("/a/{x}/c", "/a/b/{y}");

        RouteMatch<String> match = router.find(Method.GET, "/a/b/c");

        assertThat(match.value()).isEqualTo("/a/b/{y}");
        assertThat(match.param("y")).isEqualTo("c");
    }

    @Test
    void paramBranchIsTakenWhenTheStaticSegmentDiffers() {
        RouteMatch<String> match = get("/a/{x}/c", "/a/b/{y}").find(Method.GET, "/a/z/c");

        assertThat(match.value()).isEqualTo("/a/{x}/c");
        assertThat(match.param("x")).isEqualTo("z");
    }

    @Test
    void staticBranchKeepsItsParamForOtherLastSegments() {
        RouteMatch<String> match = get("/a/{x}/c", "/a/b/{y}").find(Method.GET, "/a/b/d");

        assertThat(match.value()).isEqualTo("/a/b/{y}");
        assertThat(match.param("y")).isEqualTo("d");
    }

    @Test
    void backtracksFromADeadStaticBranchToTheParam() {
        Router<String> router = get("/a/b/c", "/a/{x}/d");

        RouteMatch<String> match = router.find(Method.GET, "/a/b/d");

        assertThat(match.value()).isEqualTo("/a/{x}/d");
        assertThat(match.param("x")).isEqualTo("b");
    }

    @Test
    void backtracksFromADeadParamBranchToTheCatchAll() {
        Router<String> router = get("/a/{x}/d", "/a/{*rest}");

        RouteMatch<String> match = router.find(Method.GET, "/a/b/e");

        assertThat(match.value()).isEqualTo("/a/{*rest}");
        assertThat(match.param("rest")).isEqualTo("b/e");
        assertThat(match.paramCount()).isEqualTo(1);
    }

    @Test
    void backtracksThroughSeveralLevels() {
        Router<String> router = get("/a/b/c/d", "/a/b/{y}/e", "/a/{x}/c/f", "/{w}/b/c/g");

        assertThat(matched(router, "/a/b/c/d")).isEqualTo("/a/b/c/d");
        assertThat(matched(router, "/a/b/c/e")).isEqualTo("/a/b/{y}/e");
        assertThat(matched(router, "/a/b/c/f")).isEqualTo("/a/{x}/c/f");
        assertThat(matched(router, "/a/b/c/g")).isEqualTo("/{w}/b/c/g");
        assertThat(matched(router, "/a/b/c/h")).isNull();
    }

    @Test
    void backtrackedParamOffsetsBelongToTheMatchedRoute() {
        Router<String> router = get("/{a}/{b}/x", "/{a}/y/{c}/z");

        RouteMatch<String> match = router.find(Method.GET, "/p/y/q/z");

        assertThat(match.value()).isEqualTo("/{a}/y/{c}/z");
        assertThat(match.param("a")).isEqualTo("p");
        assertThat(match.param("c")).isEqualTo("q");
        assertThat(match.paramIndex("b")).isEqualTo(-1);
    }

    @Test
    void staticChildSplittingAParamSegmentDoesNotHideTheParam() {
        Router<String> router = get("/ab", "/abc/d", "/{p}/d");

        assertThat(matched(router, "/abx/d")).isEqualTo("/{p}/d");
        assertThat(matched(router, "/ab/d")).isEqualTo("/{p}/d");
        assertThat(matched(router, "/abc/d")).isEqualTo("/abc/d");
        assertThat(matched(router, "/ab")).isEqualTo("/ab");
    }

    @Test
    void staticRouteWithTrailingSlashCoexistsWithParamAndCatchAll() {
        Router<String> router = get("/f/", "/f/{name}", "/f/{*rest}");

        assertThat(matched(router, "/f/")).isEqualTo("/f/");
        assertThat(matched(router, "/f/a")).isEqualTo("/f/{name}");
        assertThat(matched(router, "/f/a/")).isEqualTo("/f/{*rest}");
    }

    @Test
    void paramFollowedByStaticSuffixSegments() {
        Router<String> router = get("/v/{id}/edit", "/v/{id}/editor", "/v/{id}");

        assertThat(matched(router, "/v/1/edit")).isEqualTo("/v/{id}/edit");
        assertThat(matched(router, "/v/1/editor")).isEqualTo("/v/{id}/editor");
        assertThat(matched(router, "/v/1")).isEqualTo("/v/{id}");
        assertThat(matched(router, "/v/1/edi")).isNull();
    }

    @Test
    void routeForTheMethodBeatsAMoreSpecificRouteForAnotherMethod() {
        Router<String> router = Router.<String>builder()
                .add(Method.POST, "/a/b/c", "post")
                .add(Method.GET, "/a/{x}/c", "get")
                .build();

        assertThat(router.find(Method.GET, "/a/b/c").value()).isEqualTo("get");
        assertThat(router.find(Method.POST, "/a/b/c").value()).isEqualTo("post");
    }

    @Test
    void backtracksToARootCatchAllFromDeepInTheTree() {
        Router<String> router = get("/{*all}", "/x/{y}/z", "/x/y");

        RouteMatch<String> match = router.find(Method.GET, "/x/1/q");

        assertThat(match.value()).isEqualTo("/{*all}");
        assertThat(match.param("all")).isEqualTo("x/1/q");
        assertThat(match.paramCount()).isEqualTo(1);
    }

    @Test
    void catchAllIsTriedAtEveryLevelOnTheWayBack() {
        Router<String> router = get("/{*a}", "/p/{*b}", "/p/q/{*c}", "/p/q/r/s");

        assertThat(matched(router, "/p/q/r/t")).isEqualTo("/p/q/{*c}");
        assertThat(matched(router, "/p/x")).isEqualTo("/p/{*b}");
        assertThat(matched(router, "/z")).isEqualTo("/{*a}");
        assertThat(matched(router, "/p/q/r/s")).isEqualTo("/p/q/r/s");
    }

    @Test
    void manyParamsInOneRouteAreAllRecorded() {
        Router<String> router = get("/{a}/{b}/{c}/{d}/{e}/{f}/{g}/{h}");

        RouteMatch<String> match = router.find(Method.GET, "/1/2/3/4/5/6/7/8");

        assertThat(match.paramCount()).isEqualTo(8);
        assertThat(match.param("a")).isEqualTo("1");
        assertThat(match.param("h")).isEqualTo("8");
    }

    @Test
    void automaticHeadFollowsBacktracking() {
        Router<String> router = Router.<String>builder()
                .add(Method.POST, "/a/b", "post")
                .add(Method.GET, "/a/{x}", "get")
                .build();

        RouteMatch<String> match = router.find(Method.HEAD, "/a/b");

        assertThat(match.value()).isEqualTo("get");
        assertThat(match.param("x")).isEqualTo("b");
    }

    @Test
    void paramNodeSharedByRoutesOfDifferentDepths() {
        Router<String> router = get("/o/{org}", "/o/{org}/m", "/o/{org}/m/{user}", "/o/{org}/r");

        assertThat(router.find(Method.GET, "/o/acme/m/ann").param("user")).isEqualTo("ann");
        assertThat(matched(router, "/o/acme/m")).isEqualTo("/o/{org}/m");
        assertThat(matched(router, "/o/acme/")).isNull();
        assertThat(matched(router, "/o/acme/x")).isNull();
    }
}
