package dev.pronto.examples;

import dev.pronto.core.Server;

public final class HelloWorld {
    public static void main(String[] args) {
        Server.builder()
                .port(Integer.parseInt(System.getenv().getOrDefault("PORT", "8080")))
                .routes(r -> r
                        .get("/plaintext", (req, res) -> res.send("Hello, World!"))
                        .get("/users/{id}", (req, res) -> res.send("user " + req.param("id"))))
                .build().start();
    }
}
