package dev.pronto.jmh.router;

import dev.pronto.router.Method;
import dev.pronto.router.Router;

/**
 * A realistic route table for router benchmarks: 50 routes shaped like the GitHub and Stripe REST
 * APIs, mixing static, one-param, two-param and catch-all patterns under several methods.
 */
public final class Routes {
    private static final String[][] TABLE = {
        {"GET", "/"},
        {"GET", "/health"},
        {"GET", "/meta"},
        {"GET", "/rate_limit"},
        {"GET", "/emojis"},
        {"GET", "/user"},
        {"PATCH", "/user"},
        {"GET", "/user/repos"},
        {"POST", "/user/repos"},
        {"GET", "/user/orgs"},
        {"GET", "/user/followers"},
        {"GET", "/users/{username}"},
        {"GET", "/users/{username}/repos"},
        {"GET", "/users/{username}/orgs"},
        {"GET", "/users/{username}/followers"},
        {"GET", "/users/{username}/following/{target}"},
        {"GET", "/orgs/{org}"},
        {"PATCH", "/orgs/{org}"},
        {"GET", "/orgs/{org}/repos"},
        {"POST", "/orgs/{org}/repos"},
        {"GET", "/orgs/{org}/members"},
        {"GET", "/orgs/{org}/members/{username}"},
        {"DELETE", "/orgs/{org}/members/{username}"},
        {"GET", "/repos/{owner}/{repo}"},
        {"PATCH", "/repos/{owner}/{repo}"},
        {"DELETE", "/repos/{owner}/{repo}"},
        {"GET", "/repos/{owner}/{repo}/issues"},
        {"POST", "/repos/{owner}/{repo}/issues"},
        {"GET", "/repos/{owner}/{repo}/issues/{number}"},
        {"PATCH", "/repos/{owner}/{repo}/issues/{number}"},
        {"GET", "/repos/{owner}/{repo}/issues/{number}/comments"},
        {"GET", "/repos/{owner}/{repo}/pulls"},
        {"GET", "/repos/{owner}/{repo}/pulls/{number}"},
        {"GET", "/repos/{owner}/{repo}/branches"},
        {"GET", "/repos/{owner}/{repo}/contents/{*path}"},
        {"PUT", "/repos/{owner}/{repo}/contents/{*path}"},
        {"GET", "/search/repositories"},
        {"GET", "/search/issues"},
        {"GET", "/search/users"},
        {"GET", "/gists/public"},
        {"GET", "/gists/{gist_id}"},
        {"GET", "/v1/customers"},
        {"POST", "/v1/customers"},
        {"GET", "/v1/customers/search"},
        {"GET", "/v1/customers/{customer}"},
        {"POST", "/v1/customers/{customer}"},
        {"DELETE", "/v1/customers/{customer}"},
        {"GET", "/v1/charges"},
        {"GET", "/v1/charges/{charge}"},
        {"GET", "/static/{*file}"},
    };

    private Routes() {
    }

    /** The 50-route table; each value is its pattern. */
    public static Router<String> realistic() {
        Router.Builder<String> builder = Router.builder();
        for (String[] route : TABLE) {
            builder.add(Method.of(route[0]), route[1], route[1]);
        }
        return builder.build();
    }

    /**
     * A GET request path for a benchmark shape: {@code static}, {@code param} (one param),
     * {@code twoParams}, {@code catchAll}, or {@code miss} (no route for the path).
     */
    public static String samplePath(String shape) {
        return switch (shape) {
            case "static" -> "/search/repositories";
            case "param" -> "/users/octocat";
            case "twoParams" -> "/repos/pronto/router";
            case "catchAll" -> "/repos/pronto/router/contents/src/main/java/Router.java";
            case "miss" -> "/repos/pronto/router/stargazers";
            default -> throw new IllegalArgumentException("unknown shape '" + shape
                    + "'; use static, param, twoParams, catchAll or miss");
        };
    }
}
