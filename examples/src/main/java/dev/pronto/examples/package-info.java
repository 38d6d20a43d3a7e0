/** Example services: the README's hello world, and the HttpArena entry. */
package dev.pronto.examples;
