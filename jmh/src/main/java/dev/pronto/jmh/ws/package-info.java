/** WebSocket echo servers of the ws load script (Pronto, Vert.x, raw Netty) and its Netty load driver. */
package dev.pronto.jmh.ws;
