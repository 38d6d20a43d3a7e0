/**
 * A small Redis client for the arena app: one pipelined RESP connection per event loop of the server, so a
 * handler's cache command completes on the handler's own thread, as the Postgres client's queries do. Only
 * the commands the production-stack profile needs (GET, SET with PX, DEL).
 */
package dev.pronto.examples.arena.redis;
