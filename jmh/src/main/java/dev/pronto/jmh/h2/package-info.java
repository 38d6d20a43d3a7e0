/** HTTP/2 servers of the h2 load script: Pronto, Vert.x and raw Netty answering {@code /baseline2}. */
package dev.pronto.jmh.h2;
