package dev.pronto.router;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RouterMethodTest {

    private static Router<String> usersApi() {
        return Router.<String>builder()
                .add(Method.GET, "/users", "list")
                .add(Method.POST, "/users", "create")
                .add(Method.DELETE, "/users/{id}", "delete")
                .add(Method.PUT, "/users/{id}", "replace")
                .build();
    }

    @Test
    void eachMethodHasItsOwnRouteOnTheSamePath() {
        Router<String> router = usersApi();

        assertThat(router.find(Method.GET, "/users").value()).isEqualTo("list");
        assertThat(router.find(Method.POST, "/users").value()).isEqualTo("create");
    }

    @Test
    void otherMethodOnAKnownPathIsMethodNotAllowed() {
        RouteMatch<String> match = usersApi().find(Method.PATCH, "/users/7");

        assertThat(match.outcome()).isEqualTo(Outcome.METHOD_NOT_ALLOWED);
        assertThat(match.value()).isNull();
        assertThat(match.paramCount()).isZero();
    }

    @Test
    void methodNotAllowedListsAllowedMethodsInDeclarationOrderWithOptions() {
        RouteMatch<String> match = usersApi().find(Method.PATCH, "/users/7");

        assertThat(match.allow()).isEqualTo("PUT, DELETE, OPTIONS");
    }

    @Test
    void allowIncludesHeadWhenGetIsRouted() {
        assertThat(usersApi().find(Method.PUT, "/users").allow()).isEqualTo("GET, HEAD, POST, OPTIONS");
    }

    @Test
    void allowIsAlsoSetOnAMatch() {
        assertThat(usersApi().find(Method.GET, "/users").allow()).isEqualTo("GET, HEAD, POST, OPTIONS");
    }

    @Test
    void allowUnitesEveryRouteMatchingThePath() {
        Router<String> router = Router.<String>builder()
                .add(Method.GET, "/a/{x}", "get")
                .add(Method.POST, "/a/b", "post")
                .build();

        RouteMatch<String> match = router.find(Method.DELETE, "/a/b");

        assertThat(match.outcome()).isEqualTo(Outcome.METHOD_NOT_ALLOWED);
        assertThat(match.allow()).isEqualTo("GET, HEAD, POST, OPTIONS");
    }

    @Test
    void pathUnknownToEveryMethodStaysNotFound() {
        RouteMatch<String> match = usersApi().find(Method.PATCH, "/orders");

        assertThat(match.outcome()).isEqualTo(Outcome.NOT_FOUND);
        assertThat(match.allow()).isNull();
    }

    @Test
    void headIsAnsweredByTheGetRoute() {
        RouteMatch<String> match = usersApi().find(Method.HEAD, "/users");

        assertThat(match.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(match.value()).isEqualTo("list");
        assertThat(match.pattern()).isEqualTo("/users");
    }

    @Test
    void explicitHeadRouteWinsOverGet() {
        Router<String> router = Router.<String>builder()
                .add(Method.GET, "/x", "get")
                .add(Method.HEAD, "/x", "head")
                .build();

        assertThat(router.find(Method.HEAD, "/x").value()).isEqualTo("head");
        assertThat(router.find(Method.GET, "/x").value()).isEqualTo("get");
    }

    @Test
    void headWithoutGetRouteIsMethodNotAllowed() {
        RouteMatch<String> match = usersApi().find(Method.HEAD, "/users/1");

        assertThat(match.outcome()).isEqualTo(Outcome.METHOD_NOT_ALLOWED);
        assertThat(match.allow()).isEqualTo("PUT, DELETE, OPTIONS");
    }

    @Test
    void headKeepsTheGetRouteParams() {
        Router<String> router = Router.<String>builder().add(Method.GET, "/u/{id}", "get").build();

        assertThat(router.find(Method.HEAD, "/u/9").param("id")).isEqualTo("9");
    }

    @Test
    void optionsOnAKnownPathIsAnsweredWithAllow() {
        RouteMatch<String> match = usersApi().find(Method.OPTIONS, "/users");

        assertThat(match.outcome()).isEqualTo(Outcome.OPTIONS);
        assertThat(match.value()).isNull();
        assertThat(match.allow()).isEqualTo("GET, HEAD, POST, OPTIONS");
    }

    @Test
    void optionsOnAnUnknownPathIsNotFound() {
        assertThat(usersApi().find(Method.OPTIONS, "/nope").outcome()).isEqualTo(Outcome.NOT_FOUND);
    }

    @Test
    void explicitOptionsRouteIsMatched() {
        Router<String> router = Router.<String>builder()
                .add(Method.GET, "/x", "get")
                .add(Method.OPTIONS, "/x", "options")
                .build();

        RouteMatch<String> match = router.find(Method.OPTIONS, "/x");

        assertThat(match.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(match.value()).isEqualTo("options");
        assertThat(match.allow()).isEqualTo("GET, HEAD, OPTIONS");
    }

    @Test
    void catchAllUnderAnotherMethodMakesThePathKnown() {
        Router<String> router = Router.<String>builder().add(Method.POST, "/up/{*path}", "upload").build();

        RouteMatch<String> match = router.find(Method.GET, "/up/a/b");

        assertThat(match.outcome()).isEqualTo(Outcome.METHOD_NOT_ALLOWED);
        assertThat(match.allow()).isEqualTo("POST, OPTIONS");
    }

    @Test
    void everyMethodCanBeRouted() {
        Router.Builder<String> builder = Router.builder();
        for (Method method : Method.values()) {
            builder.add(method, "/all", method.name());
        }
        Router<String> router = builder.build();

        for (Method method : Method.values()) {
            assertThat(router.find(method, "/all").value()).isEqualTo(method.name());
        }
    }
}
