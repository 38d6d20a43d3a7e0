/**
 * The HttpArena entry: every endpoint of the benchmark contract, built with Pronto's public API
 * only. Start it with {@code java -jar examples/target/arena.jar}.
 */
package dev.pronto.examples.arena;
