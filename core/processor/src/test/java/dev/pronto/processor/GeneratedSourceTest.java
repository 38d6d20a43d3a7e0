package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GeneratedSourceTest {
    @Test
    void printsUsers() {
        TestCompiler.Compilation c = TestCompiler.compile(Fixtures.USERS);
        System.out.println(c.diagnostics());
        assertThat(c.ok()).isTrue();
        System.out.println(c.source("app.Users$Routes"));
    }
}
