/**
 * Pronto's HTTP/1.1 server: {@code Server}, its configuration, {@code Request}, {@code Response},
 * {@code Handler} and the {@code HttpException} family. Implementation lives in
 * {@code dev.pronto.core.internal} and is not API.
 */
package dev.pronto.core;
