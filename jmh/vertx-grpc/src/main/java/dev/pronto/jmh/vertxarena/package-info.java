/**
 * The Vert.x baseline of {@code arena.jar} in {@code jmh/load/startup.sh}: an idiomatic Vert.x 5 service
 * ({@link dev.pronto.jmh.vertxarena.VertxArenaServer}) doing what the arena app does at start.
 */
package dev.pronto.jmh.vertxarena;
