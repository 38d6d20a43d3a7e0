/**
 * Implementation of the server: the HTTP/1.1 codec, connection handling, sequencing and transport
 * selection. Not API: anything here may change without notice.
 */
package dev.pronto.core.internal;
