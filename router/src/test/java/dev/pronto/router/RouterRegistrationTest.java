package dev.pronto.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import org.junit.jupiter.api.Test;

class RouterRegistrationTest {

    private static Router.Builder<String> builderWith(Method method, String pattern) {
        return Router.<String>builder().add(method, pattern, "first");
    }

    @Test
    void duplicateRouteNamesBothRoutes() {
        Router.Builder<String> builder = builderWith(Method.GET, "/a/{x}");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.add(Method.GET, "/a/{x}", "second"))
                .withMessage("GET /a/{x} conflicts with GET /a/{x}: both have the same method and path; remove one of them");
    }

    @Test
    void samePatternUnderAnotherMethodIsNotADuplicate() {
        Router<String> router = builderWith(Method.GET, "/a/{x}").add(Method.POST, "/a/{x}", "second").build();

        assertThat(router.find(Method.POST, "/a/1").value()).isEqualTo("second");
    }

    @Test
    void differentParamNamesAtTheSamePositionAreAmbiguous() {
        Router.Builder<String> builder = builderWith(Method.GET, "/a/{x}");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.add(Method.GET, "/a/{y}", "second"))
                .withMessage("GET /a/{y} conflicts with GET /a/{x}: '{y}' and '{x}' are at the same position;"
                        + " use the same name in both patterns");
    }

    @Test
    void paramNamesMustAgreeAcrossMethods() {
        Router.Builder<String> builder = builderWith(Method.GET, "/users/{id}");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.add(Method.DELETE, "/users/{userId}", "second"))
                .withMessageStartingWith("DELETE /users/{userId} conflicts with GET /users/{id}:");
    }

    @Test
    void paramNamesMustAgreeEvenWhenTheRoutesDivergeLater() {
        Router.Builder<String> builder = builderWith(Method.GET, "/a/{x}/b");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.add(Method.GET, "/a/{y}/c", "second"))
                .withMessageStartingWith("GET /a/{y}/c conflicts with GET /a/{x}/b:");
    }

    @Test
    void catchAllNamesMustAgreeAtTheSamePosition() {
        Router.Builder<String> builder = builderWith(Method.GET, "/f/{*path}");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.add(Method.PUT, "/f/{*rest}", "second"))
                .withMessage("PUT /f/{*rest} conflicts with GET /f/{*path}: '{*rest}' and '{*path}' are at the same"
                        + " position; use the same name in both patterns");
    }

    @Test
    void paramAndCatchAllAtTheSamePositionMayHaveDifferentNames() {
        Router<String> router = builderWith(Method.GET, "/f/{name}").add(Method.GET, "/f/{*path}", "rest").build();

        assertThat(router.routes()).hasSize(2);
    }

    @Test
    void patternMustStartWithSlash() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "users"))
                .withMessage("pattern 'users' must start with '/'; write '/users'");
    }

    @Test
    void emptyPatternIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, ""))
                .withMessage("pattern '' must start with '/'; write '/'");
    }

    @Test
    void midSegmentParamIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/img/{n}.png"))
                .withMessage("pattern '/img/{n}.png' has a param that is not a whole segment ('{n}.png');"
                        + " a param must fill the segment, e.g. '/{name}', and the handler can split it");
    }

    @Test
    void paramAfterStaticTextInTheSegmentIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/v{version}/x"))
                .withMessageContaining("'v{version}'")
                .withMessageContaining("not a whole segment");
    }

    @Test
    void twoParamsInOneSegmentAreRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/{a}{b}"))
                .withMessageContaining("not a whole segment");
    }

    @Test
    void unclosedBraceIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/users/{id"))
                .withMessage("pattern '/users/{id' has an unbalanced '{' in '{id'; close the param with '}'");
    }

    @Test
    void unopenedBraceIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/users/id}"))
                .withMessage("pattern '/users/id}' has an unbalanced '}' in 'id}'; remove it or open the param with '{'");
    }

    @Test
    void braceSpanningASlashIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/{a/b}"))
                .withMessageContaining("unbalanced '{' in '{a'");
    }

    @Test
    void emptyParamNameIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/users/{}"))
                .withMessage("pattern '/users/{}' has an empty param name; name it, e.g. '{id}'");
    }

    @Test
    void emptyCatchAllNameIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/files/{*}"))
                .withMessage("pattern '/files/{*}' has an empty param name; name it, e.g. '{*path}'");
    }

    @Test
    void invalidParamNameIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/users/{user id}"))
                .withMessage("pattern '/users/{user id}' has an invalid param name 'user id';"
                        + " use only letters, digits, '_' and '-', e.g. '{id}'");
    }

    @Test
    void duplicateParamNameInOnePatternIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/{id}/x/{id}"))
                .withMessage("pattern '/{id}/x/{id}' uses the param name 'id' twice; give each param its own name");
    }

    @Test
    void catchAllMustBeTheLastSegment() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/files/{*path}/meta"))
                .withMessage("pattern '/files/{*path}/meta' has catch-all '{*path}' before the last segment;"
                        + " move it to the end");
    }

    @Test
    void catchAllFollowedByATrailingSlashIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/files/{*path}/"))
                .withMessageContaining("before the last segment");
    }

    @Test
    void emptySegmentIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/a//b"))
                .withMessage("pattern '/a//b' has an empty segment ('//'); remove the extra '/'");
    }

    @Test
    void queryStringInPatternIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/search?q"))
                .withMessage("pattern '/search?q' contains '?'; patterns match the path only, without query or fragment");
    }

    @Test
    void nonAsciiStaticTextIsRejectedWithAHintToEncodeIt() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builderWith(Method.GET, "/café"))
                .withMessageContaining("U+00E9")
                .withMessageContaining("percent-encoded");
    }

    @Test
    void percentEncodedStaticTextMatchesTheRawPath() {
        Router<String> router = builderWith(Method.GET, "/caf%C3%A9").build();

        assertThat(router.find(Method.GET, "/caf%C3%A9").value()).isEqualTo("first");
    }

    @Test
    void nullArgumentsAreRejected() {
        Router.Builder<String> builder = Router.builder();

        assertThatNullPointerException().isThrownBy(() -> builder.add(null, "/", "v"));
        assertThatNullPointerException().isThrownBy(() -> builder.add(Method.GET, null, "v"));
        assertThatNullPointerException().isThrownBy(() -> builder.add(Method.GET, "/", null));
    }

    @Test
    void builderStaysUsableAfterARejectedRoute() {
        Router.Builder<String> builder = builderWith(Method.GET, "/a/{x}");
        assertThatIllegalArgumentException().isThrownBy(() -> builder.add(Method.GET, "/a/{y}", "bad"));

        Router<String> router = builder.add(Method.GET, "/b", "second").build();

        assertThat(router.routes()).extracting(Route::pattern).containsExactly("/a/{x}", "/b");
        assertThat(router.find(Method.GET, "/a/1").param("x")).isEqualTo("1");
    }

    @Test
    void routesAddedAfterBuildDoNotChangeTheBuiltRouter() {
        Router.Builder<String> builder = builderWith(Method.GET, "/a");
        Router<String> router = builder.build();

        builder.add(Method.GET, "/b", "second");

        assertThat(router.find(Method.GET, "/b").outcome()).isEqualTo(Outcome.NOT_FOUND);
        assertThat(router.routes()).hasSize(1);
    }
}
